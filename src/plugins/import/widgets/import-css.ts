import { ensureStyle } from '../../../shell/widgets/styles.js';

/** The uploader's few rules, added once when its chunk loads (the shell's CSS knows nothing of it). */
const CSS = `
.import-pane { overflow: auto; height: 100%; padding: 8px; }
.import-pane fieldset { margin: 0 0 0.8rem; }
.import-templates ul { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 0.5rem; }
.import-template { border: 1px solid var(--border, #ccc); border-radius: 4px; padding: 0.4rem 0.5rem; }
.import-template-chosen { border-color: var(--accent, #0b5cad); box-shadow: 0 0 0 1px var(--accent, #0b5cad); }
.import-template p { margin: 0.2rem 0; }
.import-muted { color: var(--muted, #555); font-size: 0.9em; }
.import-choice { display: block; margin: 0.2rem 0; }
.import-drop { border: 2px dashed var(--border, #888); border-radius: 6px; padding: 0.8rem; margin: 0.4rem 0; }
.import-drop-over { border-color: var(--accent, #0b5cad); background: var(--bg, #f6f7f5); }
.import-drop label { display: block; margin-bottom: 0.3rem; }
.import-upload-row, .import-issues { border-collapse: collapse; margin: 0.4rem 0; }
.import-upload-row th, .import-upload-row td, .import-issues th, .import-issues td { border: 1px solid var(--border, #ccc); padding: 0.2rem 0.4rem; text-align: left; vertical-align: top; }
.import-thumb { max-width: 48px; max-height: 48px; }
.import-file-icon { font-size: 1.6em; }
.import-progress { display: block; width: 12rem; }
.import-filters { display: flex; flex-wrap: wrap; gap: 0.6rem; align-items: end; margin: 0.4rem 0; }
.import-error { color: var(--danger, #a4161a); font-weight: 700; }
.import-warning { color: var(--warning, #8a5a00); font-weight: 700; }
.import-stats { display: flex; flex-wrap: wrap; gap: 0.3rem 1.2rem; }
.import-stats dt { font-weight: 700; }
.import-stats dd { margin: 0; }
.import-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.6rem 0; }
.import-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

export function ensureImportStyle(): void {
  ensureStyle('import-plugin', CSS);
}
