import { ensureStyle } from '../../../../shell/widgets/styles.js';

/** The wizard's own look: the stepper, the step's navigation and the layout preview's cells. */
const CSS = `
.trial-steps { list-style: none; display: flex; flex-wrap: wrap; gap: var(--space-2); margin: 0 0 var(--space-3); padding: 0; counter-reset: step; }
.trial-steps li { display: flex; align-items: center; gap: var(--space-2); padding: var(--space-1) var(--space-3) var(--space-1) var(--space-1);
  border: 1px solid var(--border); border-radius: 999px; background: var(--surface); color: var(--muted); }
.trial-steps li[aria-current='step'] { border-color: var(--accent); background: var(--accent-soft); color: var(--accent-soft-text); font-weight: var(--weight-bold); }
.trial-steps .trial-step-number { display: inline-grid; place-items: center; width: 1.6rem; height: 1.6rem; border-radius: 50%;
  background: var(--surface-2); color: var(--text); font-weight: var(--weight-bold); font-size: var(--text-sm); }
.trial-steps li[aria-current='step'] .trial-step-number { background: var(--accent); color: var(--accent-text); }
.trial-steps button { border: none; background: none; padding: 0; min-height: 0; color: var(--accent); text-decoration: underline; text-underline-offset: 0.15em; }
.trial-step h3:focus { outline: none; }
.trial-step h3:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.trial-step-nav { display: flex; flex-wrap: wrap; gap: var(--space-2); align-items: center; margin: var(--space-4) 0 var(--space-2);
  padding-top: var(--space-3); border-top: 1px solid var(--border); }
.trial-step-nav .trial-next { margin-left: auto; }
.trial-sources { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: var(--space-3); margin-bottom: var(--space-3); align-items: start; }
.trial-sources > section { border: 1px solid var(--border); border-radius: var(--radius); padding: var(--space-2) var(--space-3); background: var(--surface); }
.trial-sources h4 { margin: 0 0 var(--space-2); font-size: var(--text-md); }
.trial-sources textarea, .trial-fieldbook textarea { width: 100%; box-sizing: border-box; }
.trial-fieldbook .ui-field { max-width: 40rem; }
.trial-names { margin: var(--space-1) 0; padding-left: var(--space-5); columns: 14rem; column-gap: var(--space-5); }
.trial-entries { width: auto; min-width: min(32rem, 100%); }
.trial-entries td, .trial-entries th { vertical-align: middle; }
.trial-entries .ui-check { margin: 0; }
.trial-fields { display: flex; flex-wrap: wrap; gap: 0 var(--space-4); align-items: flex-start; }
.trial-fields .ui-field { width: 9rem; }
/* As wide as its longest choice in every language (a select sizes to its widest option), never wider than the pane. */
.trial-fields .ui-field.trial-wide { width: auto; min-width: 12rem; max-width: 100%; }
.trial-fields .ui-field.trial-seed { width: 12rem; }
.trial-fields .ui-field input { width: 100%; box-sizing: border-box; }
.trial-problems { margin: var(--space-2) 0; padding: var(--space-2) var(--space-3) var(--space-2) var(--space-5); border-left: 4px solid var(--danger);
  background: var(--danger-soft); color: var(--text); }
.trial-problems li { margin: var(--space-1) 0; }
.trial-ok { margin: var(--space-2) 0; padding: var(--space-2) var(--space-3); border-left: 4px solid var(--success); background: var(--success-soft); color: var(--text); }
.trial-grid-wrap { overflow: auto; max-height: 28rem; border: 1px solid var(--border); border-radius: var(--radius); margin: var(--space-2) 0; }
.trial-grid-wrap:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.trial-grid { border-collapse: collapse; font-size: var(--text-xs); }
.trial-grid caption { white-space: nowrap; text-align: left; padding: var(--space-1) var(--space-2); font-weight: var(--weight-bold); font-size: var(--text-sm); }
.trial-grid th { position: sticky; background: var(--surface-2); color: var(--muted); font-weight: var(--weight-bold); padding: var(--space-1); text-align: center; }
.trial-grid thead th { top: 0; z-index: 1; }
.trial-grid tbody th { left: 0; }
.trial-grid td { border: 1px solid var(--border); padding: 2px var(--space-1); min-width: 5.5rem; max-width: 8rem; vertical-align: top; background: var(--surface); }
.trial-grid td.trial-check { background: var(--marked); color: var(--marked-text); box-shadow: inset 3px 0 0 var(--marked-edge); }
.trial-grid .trial-plot-name { display: block; font-weight: var(--weight-medium); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.trial-grid .trial-plot-meta { display: block; color: var(--muted); }
.trial-grid td.trial-check .trial-plot-meta { color: inherit; }
.trial-legend { display: inline-flex; align-items: center; gap: var(--space-1); }
.trial-legend-swatch { display: inline-block; width: 1rem; height: 1rem; background: var(--marked); border: 1px solid var(--marked-edge); }
.trial-link { overflow-wrap: anywhere; }
.trial-choice { border: 1px solid var(--border); border-radius: var(--radius); padding: var(--space-2) var(--space-3); margin: 0 0 var(--space-3); }
.trial-choice legend { font-weight: var(--weight-bold); padding: 0 var(--space-1); }
`;

export function useCreationStyles(): void {
  ensureStyle('trials-creation', CSS);
}
