import { ensureStyle } from '../../../../shell/widgets/styles.js';

/** The climate page's layout over the design tokens, inserted once (a lazy chunk's CSS file is not linked). */
const CSS = `
.climate-details { display: flex; flex-direction: column; gap: var(--space-3); }
.climate-facts { margin: 0; }
.climate-panel { display: flex; flex-direction: column; gap: var(--space-3); padding: var(--space-2) 0; }
.climate-panel > p { margin: 0; }
.climate-data { height: 30rem; display: flex; flex-direction: column; }
.climate-overlays { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--space-3); grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); }
.climate-overlays figure { margin: 0; display: flex; flex-direction: column; gap: var(--space-2); }
.climate-overlays img { max-width: 100%; height: auto; background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius-sm); }
.climate-overlays-map { display: flex; flex-direction: column; gap: var(--space-3); }
.climate-overlays-legend { max-width: 20rem; height: auto; }
.climate-overlays figcaption { display: flex; flex-direction: column; gap: var(--space-1); }
`;

export function useClimateStyles(): void {
  ensureStyle('climate', CSS);
}
