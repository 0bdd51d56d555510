/** The passport fields rows can be sorted and grouped by (germplasm table columns; `taxonomy` is genus and species). */
export const GRID_FIELDS = ['germplasmName', 'countryName', 'biologicalStatusName', 'taxonomy', 'entityTypeName', 'location', 'collDate'] as const;
export type GridField = (typeof GRID_FIELDS)[number];
/** What rows are sorted or grouped by: a passport field, or the chosen trait's value in the chosen trials dataset. */
export type GridOrderBy = GridField | 'trait';

/**
 * A grid pane's view state, all of it in the URL so a link replays the view: the map ordering the markers,
 * the sort and group fields (a trait among them: its trials dataset and trait), the cursor cell (row in the row order, column) and the first line and column
 * shown, and whether the table of the visible window shows.
 */
export interface GridState {
  mapId: number | null;
  sort: GridOrderBy | null;
  descending: boolean;
  group: GridOrderBy | null;
  /** The trials dataset whose trait values rows may be sorted or grouped by. */
  trialDatasetId: number | null;
  /** Its trait: 'trait' in sort or group means this one. */
  traitId: number | null;
  row: number;
  column: number;
  top: number;
  left: number;
  table: boolean;
}

const count = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);
const id = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);

export function readGridState(state: Record<string, unknown> | undefined): GridState {
  const trialDatasetId = id(state?.trialDatasetId);
  // A trait without its dataset means nothing: both or neither.
  const traitId = trialDatasetId === null ? null : id(state?.traitId);
  const orderBy = (value: unknown): GridOrderBy | null => (value === 'trait' ? (traitId === null ? null : 'trait') : (GRID_FIELDS.find((f) => f === value) ?? null));
  return {
    mapId: id(state?.mapId),
    sort: orderBy(state?.sort),
    descending: state?.descending === true,
    group: orderBy(state?.group),
    trialDatasetId,
    traitId,
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
  if (state.trialDatasetId !== null) out.trialDatasetId = state.trialDatasetId;
  if (state.trialDatasetId !== null && state.traitId !== null) out.traitId = state.traitId;
  for (const key of ['row', 'column', 'top', 'left'] as const) if (state[key] > 0) out[key] = state[key];
  if (state.table) out.table = true;
  return out;
}
