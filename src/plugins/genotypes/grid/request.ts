import { type } from 'arktype';

/** The largest window one request reads: a screenful or two of cells, never the matrix. */
export const WINDOW_LIMITS = {
  rows: 200,
  columns: 2000,
  /** Germplasm ids in a row order (the client sorts by passport fields and sends the order). */
  rowOrder: 10_000,
  /** Distinct tiles one window may cross (each 64 KiB inflated): a window scattered over the whole matrix is refused. */
  tiles: 4096,
} as const;

const ids = type('number.integer').array().atMostLength(100_000).or('null');
const groupIds = type('number.integer').array().atMostLength(1000).or('null');

/**
 * POST dataset/{datasetId}/genotype/window (this server's addition, for the genotype grid): the selection in
 * Germinate's names of the export request (germplasm `yIds`/`yGroupIds`, markers `xIds`/`xGroupIds`, a map
 * `mapId` that orders the markers by chromosome and position), an optional row order (germplasm ids), and
 * the window. `withRowIds` asks for every row's germplasm id too (up to the row order's cap), so the client
 * can sort the rows by passport fields.
 */
export const GenotypeWindowRequest = type({
  'yIds?': ids,
  'yGroupIds?': groupIds,
  'xIds?': ids,
  'xGroupIds?': groupIds,
  'mapId?': type('number.integer').or('null'),
  'rowOrder?': type('number.integer').array().atMostLength(WINDOW_LIMITS.rowOrder).or('null'),
  rowOffset: 'number.integer >= 0',
  rowCount: type('number.integer >= 0').and(`number <= ${WINDOW_LIMITS.rows}`),
  columnOffset: 'number.integer >= 0',
  columnCount: type('number.integer >= 0').and(`number <= ${WINDOW_LIMITS.columns}`),
  'withRowIds?': 'boolean | null',
  '+': 'reject',
});
export type GenotypeWindowRequest = typeof GenotypeWindowRequest.infer;

/** A column of the window: the marker, and its place when a map orders the columns. */
export interface WindowColumn {
  id: number | null;
  name: string;
  chromosome?: string;
  position?: number;
}

/** A run of columns on one chromosome (the whole column axis, when a map orders it). */
export interface ChromosomeBand {
  chromosome: string;
  start: number;
  count: number;
}

/** The answer: the window's calls as state indexes (row-major bytes, base64) and its labels. */
export interface GenotypeWindow {
  datasetId: number;
  /** The map that orders the columns; null when none was asked for or the caller does not see it. */
  mapId: number | null;
  rowTotal: number;
  columnTotal: number;
  rowOffset: number;
  columnOffset: number;
  /** Call texts by index; states[0] is '' (missing). */
  states: string[];
  rows: { id: number; name: string }[];
  columns: WindowColumn[];
  /** rows.length × columns.length bytes, row-major, each an index into states. */
  calls: string;
  bands: ChromosomeBand[] | null;
  /** Every row's germplasm id in row order, when asked for and there are at most WINDOW_LIMITS.rowOrder rows. */
  rowIds?: number[];
}
