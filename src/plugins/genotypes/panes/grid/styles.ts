import { ensureStyle } from '../../../../shell/widgets/styles.js';

/** The grid pane's rules beyond the design system's classes (added once, with its chunk). */
const CSS = `
.genotypes-grid { display: flex; flex-direction: column; height: 100%; overflow: auto; }
.genotypes-grid-controls { display: flex; flex-wrap: wrap; align-items: flex-end; gap: var(--space-2) var(--space-3); margin-bottom: var(--space-2); }
.genotypes-grid-controls .ui-field { margin: 0; }
.genotypes-grid-controls .genotypes-grid-trials { max-width: 22rem; }
.genotypes-grid-box { position: relative; flex: 1 0 16rem; overflow: auto; border: 1px solid var(--border); border-radius: var(--radius-sm); background: var(--surface); }
.genotypes-grid-box:focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; }
.genotypes-grid-space { position: relative; }
.genotypes-grid-canvas { position: sticky; top: 0; left: 0; display: block; }
.genotypes-grid-status { margin: var(--space-2) 0 0; min-height: 1.4em; font-variant-numeric: tabular-nums; }
.genotypes-grid-legend { display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-3); list-style: none; margin: var(--space-1) 0 0; padding: 0; font-size: var(--text-sm); }
.genotypes-grid-legend li { display: inline-flex; align-items: center; gap: var(--space-1); }
.genotypes-grid-swatch { display: inline-block; width: 14px; height: 14px; border: 1px solid var(--border-strong); }
.genotypes-grid-table { flex: none; max-height: 16rem; overflow: auto; margin-top: var(--space-2); }
.genotypes-grid-table td, .genotypes-grid-table th { white-space: nowrap; }
`;

export function useGridStyles(): void {
  ensureStyle('genotypes-grid', CSS);
}
