import type { CommandContext, PaletteItem, PaletteProvider } from '../../../../core/contracts.js';
import type { Filter } from '../../../../core/table-request.js';
import { markerPane, type MarkerRow } from './columns.js';

/** The longest text a search sends (the server's limit of a filter value). */
const MAX_SEARCH = 1000;

/** A typed name as a `contains` filter on marker names ('%' passes through as the wildcard). */
export function markerNameFilter(text: string, column = 'markerName'): Filter[] {
  const value = text.trim().slice(0, MAX_SEARCH);
  return value === '' ? [] : [{ column, comparator: 'contains', operator: 'and', values: [value] }];
}

/** "Marker by name" in the palette, 3 characters or more; choosing one opens its page. */
export const markerPaletteProvider: PaletteProvider = {
  id: 'genotypes:marker-by-name',
  minLength: 3,
  async search(text, signal, services): Promise<PaletteItem[]> {
    const result = await services.api.table<MarkerRow>('marker/table', { page: 1, limit: 10, orderBy: 'markerName', ascending: 1, filter: markerNameFilter(text) }, { signal });
    return result.data.map((row) => ({
      id: `genotypes:marker:${row.markerId}`,
      label: row.markerType ? `${row.markerName} (${row.markerType})` : row.markerName || String(row.markerId),
      kindKey: 'genotypes.palette.marker',
      run: (context: CommandContext) => context.workspace.open(markerPane(row.markerId), 'replace'),
    }));
  },
};
