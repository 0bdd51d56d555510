import { ensureStyle } from '../../../shell/widgets/styles.js';

/**
 * The admin panes' few layout rules, inserted by the panes' lazy chunk (the shell stylesheet is not
 * ours to extend). Colours come from the shell's theme variables, so dark mode needs nothing here.
 */
const CSS = `
.admin-pane { height: 100%; overflow: auto; padding: 0.6rem 1rem; }
.admin-pane h2 { margin: 0.2rem 0 0.6rem; font-size: 1.2rem; }
.admin-pane h3 { font-size: 1.05rem; margin: 0.8rem 0 0.4rem; }
.admin-pane fieldset { border: 1px solid var(--border); border-radius: 4px; margin: 0 0 0.8rem; padding: 0.5rem 0.8rem; }
.admin-pane legend { font-weight: 700; padding: 0 0.3rem; }
.admin-pane textarea { font: inherit; color: var(--text); background: var(--surface); border: 1px solid var(--border); border-radius: 4px; }
.admin-field { display: flex; flex-direction: column; gap: 0.2rem; margin: 0.3rem 0 0.5rem; max-width: 34rem; }
.admin-check { display: flex; align-items: center; gap: 0.4rem; margin: 0.2rem 0; }
.admin-checks { display: grid; grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr)); gap: 0 1rem; }
.admin-error { color: var(--danger); margin: 0.1rem 0; }
.admin-hint { color: var(--muted); margin: 0.1rem 0; }
.admin-pane [aria-invalid='true'] { border-color: var(--danger); border-width: 2px; }
.admin-colours { display: grid; grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr)); gap: 0 1rem; align-items: start; margin-bottom: 0.4rem; }
.admin-colour { display: flex; align-items: center; gap: 0.4rem; margin: 0.2rem 0; flex-wrap: wrap; }
.admin-colour input[type='color'] { width: 2.4rem; height: 2rem; padding: 0.1rem; }
.admin-colour input[type='text'] { width: 7.5rem; font-family: ui-monospace, monospace; }
.admin-actions { display: flex; gap: 0.5rem; flex-wrap: wrap; align-items: center; margin: 0.5rem 0; }
.admin-table { border-collapse: collapse; width: 100%; margin: 0.3rem 0; }
.admin-table caption { text-align: left; font-weight: 700; padding: 0.3rem 0; }
.admin-table th, .admin-table td { text-align: left; vertical-align: top; border-bottom: 1px solid var(--border); padding: 0.3rem 0.4rem; }
.admin-table th button { border: none; background: none; padding: 0; font-weight: 700; }
.admin-table tr[data-unread='true'] td { font-weight: 700; }
.admin-table .admin-actions { margin: 0; }
.admin-table td.admin-wrap { max-width: 28rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.admin-pager { display: flex; gap: 0.6rem; align-items: center; flex-wrap: wrap; margin: 0.3rem 0 0.8rem; }
.admin-tabs [role='tablist'] { display: flex; gap: 0.2rem; border-bottom: 1px solid var(--border); margin-bottom: 0.6rem; flex-wrap: wrap; }
.admin-tabs [role='tab'] { border: 1px solid var(--border); border-bottom: none; border-radius: 4px 4px 0 0; }
.admin-tabs [role='tab'][aria-selected='true'] { background: var(--accent); color: var(--accent-text); }
.admin-tabs [role='tabpanel']:focus-visible { outline: 3px solid var(--focus); }
.admin-badge { display: inline-block; padding: 0 0.4rem; border-radius: 8px; border: 1px solid var(--accent); color: var(--accent); font-size: 0.8rem; }
.admin-detail dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 0.8rem; }
.admin-detail dt { font-weight: 700; }
.admin-detail dd { margin: 0; overflow-wrap: anywhere; }
.admin-detail img { max-width: 100%; border: 1px solid var(--border); }
`;

export function useAdminStyles(): void {
  ensureStyle('admin-panes', CSS);
}
