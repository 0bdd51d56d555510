import { ensureStyle } from '../widgets/styles.js';

/** The few rules of the group controls beyond the design system's classes (added once, with their chunk). */
const CSS = `
.groups-filter { display: inline-flex; align-items: center; gap: var(--space-2); }
.groups-filter .ui-select { min-width: 12rem; max-width: 22rem; }
.groups-radios { display: flex; flex-direction: column; gap: var(--space-1); border: 0; padding: 0; margin: 0 0 var(--space-3); }
/* Named like the fields above it: the legend is this field's label. */
.groups-radios legend { padding: 0; margin-bottom: var(--space-1); font-weight: var(--weight-medium); }
.groups-form > p { margin: 0 0 var(--space-3); }
.groups-radios label { display: inline-flex; align-items: center; gap: var(--space-2); cursor: pointer; }
.groups-form textarea { width: 100%; resize: vertical; }
`;

export function useGroupStyles(): void {
  ensureStyle('shell-groups', CSS);
}
