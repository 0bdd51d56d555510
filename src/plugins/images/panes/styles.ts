import { ensureStyle } from '../../../shell/widgets/styles.js';

/** The images pane's rules beyond the design system's classes (added once, with its chunk). */
const CSS = `
.images-pane { display: flex; flex-direction: column; gap: var(--space-2); padding: var(--space-2) var(--space-3); height: 100%; box-sizing: border-box; overflow: auto; }
.images-toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2) var(--space-3); }
.images-toolbar [aria-pressed="true"] { background: var(--accent-soft); color: var(--accent-soft-text); border-color: var(--accent); }
.images-chips { display: flex; flex-wrap: wrap; gap: var(--space-1); padding: 0; margin: 0; border: 0; }
.images-chips legend { float: left; margin-right: var(--space-2); font-size: var(--text-sm); color: var(--muted); line-height: var(--control-height-sm); }
.images-chip { border: 1px solid var(--border-strong); background: var(--surface); color: var(--text); border-radius: 999px; padding: 0 var(--space-3); min-height: var(--control-height-sm); font: inherit; font-size: var(--text-sm); cursor: pointer; }
.images-chip[aria-pressed="true"] { background: var(--accent); color: var(--accent-text); border-color: var(--accent); }
.images-chip:focus-visible, .images-thumb:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.images-gallery { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr)); gap: var(--space-3); }
.images-thumb { display: flex; flex-direction: column; align-items: stretch; justify-content: flex-start; width: 100%; padding: 0; border: 1px solid var(--border); border-radius: var(--radius); background: var(--surface); color: var(--text); cursor: pointer; overflow: hidden; text-align: left; font: inherit; }
.images-thumb img { width: 100%; aspect-ratio: 4 / 3; object-fit: cover; background: var(--surface-2); display: block; }
.images-thumb-current { border-color: var(--accent); box-shadow: 0 0 0 2px var(--accent); }
.images-thumb-caption { display: flex; flex-direction: column; align-items: stretch; align-self: stretch; padding: var(--space-1) var(--space-2); gap: 2px; min-width: 0; text-align: left; }
.images-thumb-caption > span { display: block; max-width: 100%; }
.images-thumb-name { font-weight: var(--weight-medium); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.images-thumb-ref { font-size: var(--text-sm); color: var(--muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.images-pager { display: flex; align-items: center; gap: var(--space-2); }
.images-viewer { display: grid; grid-template-columns: minmax(0, 2fr) minmax(14rem, 1fr); gap: var(--space-4); }
.images-viewer .modal-actions { grid-column: 1 / -1; }
.images-viewer-figure { margin: 0; display: flex; flex-direction: column; gap: var(--space-1); }
.images-viewer-figure img { max-width: 100%; max-height: 70vh; object-fit: contain; background: var(--surface-2); border-radius: var(--radius); }
.images-viewer-figure figcaption { color: var(--muted); font-size: var(--text-sm); }
.images-viewer-facts dl { display: grid; grid-template-columns: auto 1fr; gap: var(--space-1) var(--space-3); margin: 0 0 var(--space-3); }
.images-viewer-facts .images-fact { display: contents; }
.images-viewer-facts dt { color: var(--muted); }
.images-viewer-facts dd { margin: 0; overflow-wrap: anywhere; }
.images-viewer-facts h3 { font-size: var(--text-md); margin: var(--space-2) 0; }
@media (max-width: 50rem) { .images-viewer { grid-template-columns: 1fr; } }
`;

export function useImagesStyles(): void {
  ensureStyle('images-pane', CSS);
}
