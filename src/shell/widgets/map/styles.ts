/** The map's own look: cluster counts over the canvas, the keyboard's focus ring on the canvas, the live line. */
export const PLACE_MAP_CSS = `
.place-map-count { font: 600 12px/1 system-ui, sans-serif; color: #fff; pointer-events: none; text-shadow: 0 0 2px #000; }
.place-map-canvas .maplibregl-canvas:focus-visible { outline: 3px solid var(--focus, #1f6feb); outline-offset: -3px; }
.place-map figcaption { font-size: 0.85rem; margin-top: 0.25rem; }
.place-map-layer { display: flex; gap: 0.5rem; align-items: center; margin-top: 0.25rem; font-size: 0.85rem; }
.place-map-said { min-height: 1.2em; margin: 0.15rem 0 0; font-size: 0.85rem; }
`;
