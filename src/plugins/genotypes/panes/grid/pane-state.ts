/** The passport fields rows can be sorted and grouped by (germplasm table columns; `taxonomy` is genus and species). */
export const GRID_FIELDS = ['germplasmName', 'countryName', 'biologicalStatusName', 'taxonomy', 'entityTypeName', 'location', 'collDate'] as const;
export type GridField = (typeof GRID_FIELDS)[number];

/**
 * A grid pane's view state, all of it in the URL so a link replays the view: the map ordering the markers,
 * the sort and group fields, the cursor cell (row in the row order, column) and the first line and column
 * shown, and whether the table of the visible window shows.
 */
export interface GridState {
  mapId: number | null;
  sort: GridField | null;
  descending: boolean;
  group: GridField | null;
  row: number;
  column: number;
  top: number;
  left: number;
  table: boolean;
}

const count = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);
const field = (value: unknown): GridField | null => GRID_FIELDS.find((f) => f === value) ?? null;

export function readGridState(state: Record<string, unknown> | undefined): GridState {
  const mapId = state?.mapId;
  return {
    mapId: typeof mapId === 'number' && Number.isSafeInteger(mapId) && mapId > 0 ? mapId : null,
    sort: field(state?.sort),
    descending: state?.descending === true,
    group: field(state?.group),
    row: count(state?.row),
    column: count(state?.column),
    top: count(state?.top),
    left: count(state?.left),
    table: state?.table === true,
  };
}

/** The state as the URL keeps it: defaults left out, so a plain grid's link stays short. */
export function writeGridState(state: GridState): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (state.mapId !== null) out.mapId = state.mapId;
  if (state.sort) out.sort = state.sort;
  if (state.descending) out.descending = true;
  if (state.group) out.group = state.group;
  for (const key of ['row', 'column', 'top', 'left'] as const) if (state[key] > 0) out[key] = state[key];
  if (state.table) out.table = true;
  return out;
}
