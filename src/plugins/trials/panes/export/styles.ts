import { ensureStyle } from '../../../../shell/widgets/styles.js';

/**
 * The trials export page's layout over the design tokens, inserted once by the page (a lazy chunk's CSS
 * file is not linked; see src/shell/widgets/styles.ts).
 */
const CSS = `
.trials-export { display: flex; flex-direction: column; gap: var(--space-3); }
.trials-export-choices { display: grid; gap: var(--space-3); grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr)); align-items: start; }
.trials-export-choices fieldset { margin: 0; }
.trials-export-list { max-height: 13rem; overflow-y: auto; display: flex; flex-direction: column; padding: var(--space-1) var(--space-2);
  border: 1px solid var(--border); border-radius: var(--radius-sm); background: var(--surface); margin-top: var(--space-2); }
.trials-export-list .ui-check { margin: 2px 0; }
.trials-export-kind { color: var(--muted); font-size: var(--text-xs); }
.trials-export-radios { display: flex; flex-direction: column; }
.trials-export-radios.trials-export-inline { flex-direction: row; align-items: center; }
.trials-export-radios label { display: inline-flex; align-items: center; gap: var(--space-2); margin: 2px 0; cursor: pointer; }
.trials-export-radios label[data-disabled='true'] { cursor: not-allowed; color: var(--muted); }
.trials-export-inline { display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-4); align-items: end; }
.trials-export-inline .ui-field { margin: 0; }
.trials-export-panel { display: flex; flex-direction: column; gap: var(--space-3); padding: var(--space-2) 0; }
.trials-export-panel > p { margin: 0; }
.trials-export-warning { border-left: 4px solid var(--warning); background: var(--warning-soft); color: var(--text); padding: var(--space-2) var(--space-3); border-radius: var(--radius-sm); margin: 0; }
.trials-export-table { height: 34rem; display: flex; flex-direction: column; }
`;

export function ensureExportStyles(): void {
  ensureStyle('trials-export', CSS);
}
