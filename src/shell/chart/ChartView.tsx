import { useMemo } from 'react';
import { VegaEmbed } from 'react-vega';
import type { EmbedOptions, Result } from 'vega-embed';
import type { TopLevelSpec } from 'vega-lite';

/**
 * The rendering half of the Chart widget, in a chunk of its own: vega, vega-lite and vega-embed are
 * loaded only when a chart is first shown, never with the entry bundle.
 */

export type ChartViewHandle = Result['view'];

export interface ChartViewProps {
  spec: TopLevelSpec;
  dark: boolean;
  onView(view: ChartViewHandle): void;
  onError(error: unknown): void;
}

// Each drawing gets a container of its own (see `key` below).
let drawings = 0;

export default function ChartView({ spec, dark, onView, onError }: ChartViewProps) {
  const options = useMemo<EmbedOptions>(
    () => ({
      mode: 'vega-lite',
      renderer: 'svg',
      // The widget has its own download buttons; vega-embed's menu and its stylesheet are not needed.
      actions: false,
      defaultStyle: false,
      // Expressions are interpreted, not compiled with Function(): the page's CSP allows no eval.
      ast: true,
      tooltip: { theme: dark ? 'dark' : 'light' },
    }),
    [dark],
  );
  // A new spec (resized, new theme or colours) is drawn into a new element: vega-embed empties its
  // element and then draws asynchronously, so two drawings under way in one element (a resize during
  // the first drawing) would leave the stale one's SVG beside the new one. A replaced element takes its
  // drawing with it.
  // By content, not identity: a parent that rebuilds an equal spec must not restart the drawing.
  const signature = JSON.stringify([spec, dark]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the spec's content (above)
  const key = useMemo(() => ++drawings, [signature]);
  return (
    <VegaEmbed
      key={key}
      className="chart-view"
      // The drawing is one image, named and described by the element around it; its numbers are in the
      // data table. Vega's own roles and labels of marks would only repeat them in pieces.
      aria-hidden="true"
      spec={spec}
      options={options}
      onEmbed={(result) => onView(result.view)}
      onError={onError}
    />
  );
}
