import type { ApiClient } from '../../../../core/api-client.js';
import type { FieldValue } from './order.js';
import type { GridField } from './pane-state.js';

/** A germplasm table row, as far as the grid reads it. */
type PassportRow = { germplasmId: number } & Record<string, unknown>;

/** Ids per germplasm table request (the server's largest page is 5,000). */
const BATCH = 1000;

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number') return String(value);
  return null;
}

/** A row's value of a grid field. */
export function fieldValue(row: PassportRow | undefined, field: GridField): FieldValue {
  if (!row) return null;
  if (field === 'taxonomy') {
    const parts = [text(row.genus), text(row.species)].filter((p): p is string => p !== null);
    return parts.length > 0 ? parts.join(' ') : null;
  }
  return text(row[field]);
}

/**
 * The germplasm table's rows of these germplasm, fetched live (POST germplasm/table, the ids as an inSet
 * filter, batch by batch), by id: the passport values the rows are sorted and grouped by.
 */
export async function passportRows(api: ApiClient, ids: readonly number[], signal: AbortSignal): Promise<Map<number, PassportRow>> {
  const rows = new Map<number, PassportRow>();
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const page = await api.table<PassportRow>('germplasm/table', { page: 1, limit: batch.length, filter: [{ column: 'germplasmId', comparator: 'inSet', values: batch.map(String) }] }, { signal });
    for (const row of page.data) rows.set(Number(row.germplasmId), row);
  }
  return rows;
}
