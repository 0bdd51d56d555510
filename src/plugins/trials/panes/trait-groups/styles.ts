import { ensureStyle } from '../../../../shell/widgets/styles.js';

/** The few rules of the trait group controls beyond the design system's classes (added once, with their chunk). */
const CSS = `
.trials-group-filter { display: inline-flex; align-items: center; gap: var(--space-2); }
.trials-group-filter .ui-select { min-width: 12rem; max-width: 22rem; }
.trials-group-choice { margin-bottom: var(--space-2); }
.trials-group-choice .ui-select { width: 100%; }
.trials-group-choice .ui-field { margin-bottom: var(--space-1); }
.trials-group-outcome:not(:empty) { margin-top: var(--space-2); font-size: var(--text-sm); }
.trials-group-outcome p { margin: 0; }
.trials-group-missing { margin: var(--space-1) 0 0; padding-left: var(--space-4); max-height: 6rem; overflow-y: auto; }
.trials-group-radios { display: flex; flex-direction: column; gap: var(--space-1); border: 0; padding: 0; margin: 0 0 var(--space-3); }
/* Named like the fields above it: the legend is this field's label. */
.trials-group-radios legend { padding: 0; margin-bottom: var(--space-1); font-weight: var(--weight-medium); }
.trials-group-form > p { margin: 0 0 var(--space-3); }
.trials-group-radios label { display: inline-flex; align-items: center; gap: var(--space-2); cursor: pointer; }
.trials-group-form textarea { width: 100%; resize: vertical; }
`;

export function useTraitGroupStyles(): void {
  ensureStyle('trials-trait-groups', CSS);
}
