import { ensureStyle } from '../../../../shell/widgets/styles.js';

/** The climate export page's layout over the design tokens, inserted once (a lazy chunk's CSS file is not linked). */
const CSS = `
.climate-export { display: flex; flex-direction: column; gap: var(--space-3); }
.climate-export-choices { display: grid; gap: var(--space-3); grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr)); align-items: start; }
.climate-export-choices fieldset { margin: 0; }
.climate-export-panel { display: flex; flex-direction: column; gap: var(--space-3); padding: var(--space-2) 0; }
.climate-export-panel > p { margin: 0; }
.climate-export-warning { border-left: 4px solid var(--warning); background: var(--warning-soft); color: var(--text); padding: var(--space-2) var(--space-3); border-radius: var(--radius-sm); margin: 0; }
.climate-export-table { height: 34rem; display: flex; flex-direction: column; }
`;

export function ensureClimateExportStyles(): void {
  ensureStyle('climate-export', CSS);
}
