import type { LatLng } from './drawing.js';

/**
 * The maps on screen, by the pane that shows them, so that the palette's map commands reach the focused
 * pane's map (a command runs outside React; the map registers itself while it is mounted).
 */
export interface PlaceMapHandle {
  paneType: string;
  centre(): LatLng;
  /** Moves the keyboard's focus to the next (+1) or previous (-1) place or cluster in view. */
  focusPlace(step: 1 | -1): void;
  /** Opens the focused place, or zooms into the focused cluster. */
  openFocused(): void;
  /** Marks or unmarks the focused place. */
  markFocused(): void;
  /** Drawing: a vertex (polygon) or the point at the centre; removing the last vertex; closing the polygon. */
  addAtCentre(): void;
  removeLast(): void;
  close(): void;
  /** Whether the map draws a point or a polygon now. */
  drawing(): 'point' | 'polygon' | null;
}

const handles = new Map<string, PlaceMapHandle>();

export function registerMap(paneKey: string, handle: PlaceMapHandle): () => void {
  handles.set(paneKey, handle);
  return () => {
    if (handles.get(paneKey) === handle) handles.delete(paneKey);
  };
}

export const mapOf = (paneKey: string | null): PlaceMapHandle | undefined => (paneKey === null ? undefined : handles.get(paneKey));

/** Whether a pane of this type shows a map now (the commands' `when`). */
export const paneTypeHasMap = (paneType: string | null, drawing?: 'point' | 'polygon' | 'any'): boolean =>
  [...handles.values()].some((h) => h.paneType === paneType && (drawing === undefined || (drawing === 'any' ? h.drawing() !== null : h.drawing() === drawing)));
