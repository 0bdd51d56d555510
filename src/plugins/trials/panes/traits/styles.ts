import { ensureStyle } from '../../../../shell/widgets/styles.js';

/** The few rules of the traits panes beyond the design system's classes (added once, with their chunk). */
const CSS = `
.trials-trait-facts { grid-template-columns: repeat(auto-fill, 10rem minmax(14rem, 1fr)); margin-bottom: var(--space-3); }
.trials-traits-search { display: inline-flex; align-items: center; gap: var(--space-2); }
.trials-traits-search input { width: 16rem; max-width: 100%; }
.ui-field.trials-time-slider { max-width: none; }
.trials-time-slider input[type='range'] { width: min(28rem, 100%); accent-color: var(--accent); }
.trials-time-slider output { white-space: nowrap; }
.trials-licence-note { margin: var(--space-2) 0 var(--space-3); }
.trials-unify-found { list-style: none; padding: 0; margin: 0 0 var(--space-3); }
.trials-unify-confirm { margin-top: var(--space-3); }
`;

export function useTraitStyles(): void {
  ensureStyle('trials-traits', CSS);
}
