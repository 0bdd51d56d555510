import type { ApiClient } from '../../../../core/api-client.js';
import type { TrialsDataRow } from '../../api-types.js';
import type { Subset } from './request.js';

/**
 * The data points behind the scatter, comparison, timeline and map charts: rows of the trials data table
 * (`dataset/data/trial/table`) for the chosen traits and germplasm, page after page up to a cap, so a
 * chart never asks for more than a browser draws well; the page says when the cap cut the data short.
 */

/** Rows a chart reads at most. */
export const ROW_CAP = 20_000;
/** Rows per request (the server's default largest page). */
export const PAGE_SIZE = 5_000;

export interface FetchedRows {
  /** Minimal rows, or full ones (plot, location, germplasm details) when asked. */
  rows: TrialsDataRow[];
  /** Every matching data point, read or not. */
  total: number;
  capped: boolean;
}

/**
 * Reads up to `cap` rows in pages of PAGE_SIZE; the first page counts them, later pages reuse the count.
 * The table's own order (by data point, as imported: plot by plot) is the one its index serves, and a cap
 * then cuts whole plots rather than whole traits. `full` asks for every column (plot, location, germplasm details) instead of the minimal ones.
 */
export async function fetchRows(
  api: Pick<ApiClient, 'table'>,
  subset: Subset,
  options: { full?: boolean; cap?: number; signal?: AbortSignal } = {},
): Promise<FetchedRows> {
  const cap = options.cap ?? ROW_CAP;
  const rows: TrialsDataRow[] = [];
  let total = -1;
  for (let page = 1; rows.length < cap; page++) {
    const limit = Math.min(PAGE_SIZE, cap - rows.length);
    const result = await api.table<TrialsDataRow>(
      'dataset/data/trial/table',
      { ...subset, page, limit, prevCount: total, minimal: options.full !== true },
      { signal: options.signal },
    );
    if (total < 0) total = result.count;
    rows.push(...result.data);
    if (result.data.length < limit || rows.length >= total) break;
  }
  return { rows, total: Math.max(total, rows.length), capped: total > rows.length };
}
