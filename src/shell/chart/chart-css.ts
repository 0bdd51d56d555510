/**
 * The Chart widget's styles, over the design tokens. Injected by the widget on first use (see
 * ../widgets/styles.ts: only the entry's CSS is linked, and the entry should not carry chart styles).
 */
export const CHART_CSS = `
.chart { margin: 0 0 var(--space-5); max-width: 64rem; }
.chart-header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--space-2); }
.chart-title { margin: 0; font-size: var(--text-lg); }
.chart-toolbar { display: flex; flex-wrap: wrap; gap: var(--space-1); }
.chart-description { color: var(--muted); margin: var(--space-1) 0 var(--space-3); font-size: var(--text-sm); max-width: 48rem; }
.chart-drawing { min-height: 4rem; border: 1px solid var(--border); border-radius: var(--radius); padding: var(--space-2); background: var(--surface); }
.chart-drawing:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.chart-view svg { display: block; max-width: 100%; height: auto; }
.chart-empty, .chart-loading { color: var(--muted); }
.chart-table-wrap { margin-top: var(--space-3); overflow-x: auto; }
.chart-table { border-collapse: collapse; min-width: 20rem; font-size: var(--text-sm); }
.chart-table caption { text-align: left; font-weight: var(--weight-bold); padding-bottom: var(--space-1); }
.chart-table th, .chart-table td { text-align: left; padding: var(--space-1) var(--space-3); border-bottom: 1px solid var(--border); }
.chart-table thead th { border-bottom-color: var(--border-strong); }
.chart-table tbody th { font-weight: 400; }
.chart-table .chart-number { text-align: right; font-variant-numeric: tabular-nums; }
`;
