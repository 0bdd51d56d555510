import type { ApiClient } from '../../core/api-client.js';
import type { GermplasmRow } from './columns.js';

/** The table rows of these germplasm, in the order of `ids` (not the server's); unknown ids are left out. */
export async function germplasmRowsById(api: ApiClient, ids: readonly number[], signal: AbortSignal): Promise<GermplasmRow[]> {
  const page = await api.table<GermplasmRow>(
    'germplasm/table',
    { page: 1, limit: ids.length, filter: [{ column: 'germplasmId', comparator: 'inSet', values: [...ids] }] },
    { signal },
  );
  return ids.map((id) => page.data.find((row) => row.germplasmId === id)).filter((row): row is GermplasmRow => row !== undefined);
}
