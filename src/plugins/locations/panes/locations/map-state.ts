/** How the locations are drawn: clustered markers, a heatmap, or markers over a climate variable's overlay. */
export type LocationMapMode = 'clustered' | 'heatmap' | 'climate';
export const LOCATION_MAP_MODES: readonly LocationMapMode[] = ['clustered', 'heatmap', 'climate'];

/** The map's part of the location pane's state (in the URL, so a shared layout shows the same map). */
export interface LocationMapState {
  mode: LocationMapMode;
  climateId: number | null;
  overlayId: number | null;
}

export function readMapState(state: Record<string, unknown> | undefined): LocationMapState {
  const raw = (state?.map ?? {}) as Record<string, unknown>;
  const mode = LOCATION_MAP_MODES.find((m) => m === raw.mode) ?? 'clustered';
  const id = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);
  return { mode, climateId: id(raw.climateId), overlayId: id(raw.overlayId) };
}
