import { ensureStyle } from '../../../shell/widgets/styles.js';

/** The passport's rules beyond the design system's classes (added once, with its chunk). */
const CSS = `
.germplasm-passport { display: flex; flex-direction: column; gap: var(--space-3); }
.passport-jump { position: sticky; top: 0; z-index: 1; background: var(--surface); border-bottom: 1px solid var(--border); padding: var(--space-1) 0; }
.passport-jump ul { display: flex; flex-wrap: wrap; gap: var(--space-1); list-style: none; margin: 0; padding: 0; }
.passport-section { scroll-margin-top: 3rem; }
.passport-section > h3 { margin: var(--space-2) 0; }
.passport-section > h3:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
.passport-empty { color: var(--muted); margin: 0; }
.passport-list { margin: 0; padding-left: var(--space-4); display: flex; flex-direction: column; gap: var(--space-1); }
.passport-images { display: flex; flex-wrap: wrap; gap: var(--space-2); list-style: none; margin: 0; padding: 0; }
.passport-images img { display: block; max-height: 8rem; max-width: 12rem; border: 1px solid var(--border); border-radius: var(--radius-sm); }
.passport-images .is-main img { max-height: 14rem; max-width: 20rem; }
.passport-pedigree-chart { overflow-x: auto; border: 1px solid var(--border); border-radius: var(--radius); background: var(--surface); }
.passport-pedigree-chart > svg { display: block; margin: 0 auto; }
.passport-pedigree-node rect { fill: var(--surface); stroke: var(--border-strong); stroke-width: 1.5; }
.passport-pedigree-node text { fill: var(--text); font-size: 12px; }
.passport-pedigree-node .passport-pedigree-name { font-weight: 650; }
.passport-pedigree-node[role='link'] { cursor: pointer; }
.passport-pedigree-node[role='link']:hover rect { fill: var(--surface-hover); }
.passport-pedigree-node:focus { outline: none; }
.passport-pedigree-node:focus-visible rect { stroke: var(--focus); stroke-width: 3; }
.passport-pedigree-node.is-focal rect { fill: var(--accent); stroke: var(--accent); }
.passport-pedigree-node.is-focal text { fill: var(--accent-text); }
.passport-pedigree-legend { display: flex; flex-wrap: wrap; gap: var(--space-4); list-style: none; margin: 0; padding: 0; }
.passport-pedigree-legend li { display: inline-flex; align-items: center; gap: var(--space-1); }
.passport-barcode-choice { display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-4); border: 0; padding: 0; margin: 0 0 var(--space-2); }
.passport-barcode { display: block; max-width: 100%; height: auto; border: 1px solid var(--border); }
.passport-barcode-print { display: flex; align-items: center; gap: var(--space-2); margin-top: var(--space-2); }
.passport-barcode-print input { width: 5rem; }
.passport-label-sheet { display: none; }
@media print {
  body.passport-printing-labels * { visibility: hidden !important; }
  body.passport-printing-labels .passport-label-sheet, body.passport-printing-labels .passport-label-sheet * { visibility: visible !important; }
  body.passport-printing-labels .passport-label-sheet { display: grid; grid-template-columns: repeat(3, 63mm); position: absolute; left: 0; top: 0; }
  .passport-label { box-sizing: border-box; width: 63mm; height: 38mm; padding: 2mm; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 1mm; break-inside: avoid; font-size: 9pt; color: #000; }
  .passport-label svg { width: 58mm; height: auto; border: 0; }
}
`;

export function usePassportStyles(): void {
  ensureStyle('germplasm-passport', CSS);
}
