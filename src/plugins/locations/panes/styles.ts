import { ensureStyle } from '../../../shell/widgets/styles.js';

/** The few rules of the locations panes beyond the design system's classes (added once, with their chunk). */
const CSS = `
.locations-pane { display: flex; flex-direction: column; gap: var(--space-2); padding: var(--space-2) var(--space-3); }
.locations-map-modes, .geo-search-kind { display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-4); padding: var(--space-1) 0; border: 0; }
.locations-map-modes label, .geo-search-kind label { display: inline-flex; align-items: center; gap: var(--space-1); }
.locations-map-overlay { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2); margin-bottom: var(--space-2); }
.locations-map-legend { max-height: 3rem; max-width: 20rem; }
.geo-search { display: flex; flex-direction: column; gap: var(--space-2); }
.geo-search-controls { display: flex; flex-direction: column; gap: var(--space-2); }
.geo-search-radius input { width: 8rem; }
`;

export function useLocationStyles(): void {
  ensureStyle('locations-panes', CSS);
}
