import { ensureStyle } from '../../../../shell/widgets/styles.js';

/**
 * The allele-frequency export page's layout over the design tokens, inserted once by the page (a lazy chunk's
 * CSS file is not linked; see src/shell/widgets/styles.ts).
 */
const CSS = `
.allelefreq-export { display: flex; flex-direction: column; gap: var(--space-4); }
.allelefreq-export-step { display: flex; flex-direction: column; gap: var(--space-3); }
.allelefreq-export-step > h3 { margin: 0; }
.allelefreq-export-step > h3:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
.allelefreq-export-choices { display: grid; gap: var(--space-3); grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr)); align-items: start; }
.allelefreq-export fieldset { margin: 0; }
.allelefreq-binning { max-width: 48rem; }
.allelefreq-binning-fields { display: flex; flex-direction: column; gap: var(--space-2); margin-top: var(--space-2); max-width: 24rem; }
.allelefreq-export-problem { border-left: 4px solid var(--warning); background: var(--warning-soft); color: var(--text); padding: var(--space-2) var(--space-3); border-radius: var(--radius-sm); margin: 0; }
`;

export function ensureAllelefreqExportStyles(): void {
  ensureStyle('allelefreq-export', CSS);
}
