import type { CSSProperties } from 'react';
import { legendOf, type CellPaint } from './calls.js';

/** The swatch of a paint: one colour, two split on the diagonal, or the surface for a missing call. */
function swatchStyle(paint: CellPaint): CSSProperties {
  if (paint.kind === 'homozygous') return { background: paint.colour };
  if (paint.kind === 'heterozygous') return { background: `linear-gradient(to bottom right, ${paint.colours[0]} 50%, ${paint.colours[1]} 50%)` };
  return { background: 'var(--surface)' };
}

/** Which colour is which call: every state of the dataset, homozygous, heterozygous, then missing. */
export function Legend(props: { states: readonly string[]; theme: 'light' | 'dark'; title: string; missing: string; homozygous: string; heterozygous: string }) {
  const entries = legendOf(props.states, props.theme);
  return (
    <ul className="genotypes-grid-legend" aria-label={props.title}>
      {entries.map((entry) => (
        <li key={entry.state === '' ? '(missing)' : entry.state}>
          <span className="genotypes-grid-swatch" style={swatchStyle(entry.paint)} aria-hidden="true" />
          {entry.paint.kind === 'missing' ? props.missing : `${entry.state} (${entry.paint.kind === 'homozygous' ? props.homozygous : props.heterozygous})`}
        </li>
      ))}
    </ul>
  );
}
