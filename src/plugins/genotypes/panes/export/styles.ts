import { ensureStyle } from '../../../../shell/widgets/styles.js';

/**
 * The genotype export page's layout over the design tokens, inserted once by the page (a lazy chunk's CSS
 * file is not linked; see src/shell/widgets/styles.ts).
 */
const CSS = `
.genotype-export { display: flex; flex-direction: column; gap: var(--space-3); }
.genotype-export-choices { display: grid; gap: var(--space-3); grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr)); align-items: start; }
.genotype-export fieldset { margin: 0; }
.genotype-export-map { margin-top: var(--space-3); }
.genotype-export-formats { display: flex; flex-direction: column; gap: var(--space-2); }
.genotype-export-format .ui-hint { margin: 0 0 0 1.6rem; }
.genotype-export-format[data-unavailable='true'] > .ui-check { color: var(--muted); cursor: not-allowed; }
.genotype-export-summary { border-collapse: collapse; width: 100%; max-width: 48rem; }
.genotype-export-summary th, .genotype-export-summary td { border-bottom: 1px solid var(--border); padding: var(--space-1) var(--space-2); text-align: left; }
.genotype-export-summary td.genotype-export-count, .genotype-export-summary th.genotype-export-count { text-align: right; font-variant-numeric: tabular-nums; }
.genotype-export-summary caption { text-align: left; color: var(--muted); padding-bottom: var(--space-1); }
.genotype-export-phenotypes summary { cursor: pointer; }
.genotype-export-phenotypes-heading { margin: var(--space-2) 0 0; font-weight: 600; }
.genotype-export-list { max-height: 13rem; overflow-y: auto; display: flex; flex-direction: column; padding: var(--space-1) var(--space-2);
  border: 1px solid var(--border); border-radius: var(--radius-sm); background: var(--surface); margin: var(--space-2) 0; }
.genotype-export-list .ui-check { margin: 2px 0; }
.genotype-export-problem { border-left: 4px solid var(--warning); background: var(--warning-soft); color: var(--text); padding: var(--space-2) var(--space-3); border-radius: var(--radius-sm); margin: 0; }
`;

export function ensureGenotypeExportStyles(): void {
  ensureStyle('genotype-export', CSS);
}
