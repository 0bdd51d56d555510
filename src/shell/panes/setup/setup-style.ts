/** The wizard's layout; inserted by the pane itself (lazy chunks' CSS files are not linked, see widgets/styles.ts). */
export const SETUP_CSS = `
.setup { max-width: 46rem; }
.setup-sections { border: none; padding: 0; margin: 0; min-width: 0; }
.setup-intro { margin: 0 0 1rem; }
.setup-section { border: 1px solid var(--border); border-radius: 6px; padding: 0.4rem 1rem 0.8rem; margin-bottom: 1rem; background: var(--surface); }
.setup-section h3 { margin: 0.5rem 0; font-size: 1.1rem; }
.setup-section form, .setup-fields { display: flex; flex-direction: column; gap: 0.6rem; }
.setup-section label { display: flex; flex-direction: column; gap: 0.2rem; }
.setup-section label.check { flex-direction: row; align-items: center; gap: 0.4rem; }
.setup-choice { border: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 0.4rem 1.4rem; }
.setup-choice legend { padding: 0; margin-bottom: 0.3rem; }
.setup-field { display: flex; flex-direction: column; gap: 0.2rem; }
.setup-muted { color: var(--muted); font-size: 0.9rem; }
.setup-ok { color: var(--success); }
.setup-check { margin: 0; min-height: 1.4em; }
.setup-actions { display: flex; gap: 0.6rem; flex-wrap: wrap; align-items: center; }
.setup-strength { display: flex; align-items: center; gap: 0.6rem; flex-wrap: wrap; }
.setup-strength meter { width: 10rem; }
.setup-complete { display: flex; flex-direction: column; gap: 0.6rem; align-items: flex-start; }
.setup-primary { background: var(--accent); color: var(--accent-text); border-color: var(--accent); }
.setup-primary:disabled { opacity: 0.55; cursor: not-allowed; }
`;
