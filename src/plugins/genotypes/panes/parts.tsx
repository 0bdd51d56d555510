import type { ReactNode } from 'react';
import { ensureStyle } from '../../../shell/widgets/styles.js';

/** The few rules of the genotypes panes beyond the design system's classes (added once, with their chunk). */
const CSS = `
.genotypes-facts { margin-bottom: var(--space-3); }
.genotypes-part { margin-top: var(--space-2); }
.genotypes-map-description { margin: 0 0 var(--space-3); max-width: 60rem; }
.genotypes-export-row { display: flex; flex-wrap: wrap; align-items: flex-end; gap: var(--space-2) var(--space-3); margin: var(--space-1) 0 var(--space-2); }
.genotypes-export-row .ui-field { margin: 0; }
.genotypes-export-row input[type='number'] { width: 9rem; }
.genotypes-methods { display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-4); }
.genotypes-picker { position: relative; display: flex; flex-direction: column; gap: var(--space-1); margin: 0; }
.genotypes-picker input { width: 18rem; max-width: 100%; }
.genotypes-picker [role='listbox'] {
  position: absolute; top: 100%; left: 0; z-index: 20; min-width: 18rem; max-height: 16rem; overflow: auto; margin: 2px 0 0; padding: var(--space-1) 0;
  list-style: none; background: var(--surface); border: 1px solid var(--border-strong); border-radius: var(--radius-sm); box-shadow: var(--shadow);
}
.genotypes-picker [role='option'] { padding: var(--space-1) var(--space-2); cursor: pointer; }
.genotypes-picker [role='option'][aria-selected='true'] { background: var(--accent-soft); color: var(--accent-soft-text); }
.genotypes-picked { display: inline-flex; align-items: center; gap: var(--space-2); min-height: var(--control-height); }
.genotypes-problem { margin: var(--space-2) 0; color: var(--text); }
.genotypes-problem:empty { display: none; }
`;

export function useGenotypeStyles(): void {
  ensureStyle('genotypes', CSS);
}

/** A titled part of a page, a region screen readers can jump to. */
export function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="genotypes-part" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}
