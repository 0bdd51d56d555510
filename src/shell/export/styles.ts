import { ensureStyle } from '../widgets/styles.js';

/**
 * The choices export pages share (radios of a mode, a scrolling list of groups, a pasted list and the
 * names not found), over the design tokens; inserted once by whichever page shows them first.
 */
const CSS = `
.export-choice-radios { display: flex; flex-direction: column; }
.export-choice-radios label { display: inline-flex; align-items: center; gap: var(--space-2); margin: 2px 0; cursor: pointer; }
.export-choice-radios label[data-disabled='true'] { cursor: not-allowed; color: var(--muted); }
.export-choice-list { max-height: 13rem; overflow-y: auto; display: flex; flex-direction: column; padding: var(--space-1) var(--space-2);
  border: 1px solid var(--border); border-radius: var(--radius-sm); background: var(--surface); margin-top: var(--space-2); }
.export-choice-list .ui-check { margin: 2px 0; }
.export-choice-names { margin-top: var(--space-3); }
.export-choice-missing { margin: var(--space-1) 0 0; padding-left: var(--space-4); max-height: 6rem; overflow-y: auto; }
`;

export function ensureChoiceStyles(): void {
  ensureStyle('export-choice', CSS);
}
