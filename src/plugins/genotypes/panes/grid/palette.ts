import type { CommandContext, PaletteItem, PaletteProvider } from '../../../../core/contracts.js';
import { GRID_PANE } from './ids.js';

/** The longest text a search sends (the server's limit of a filter value). */
const MAX_SEARCH = 1000;

interface DatasetRow {
  datasetId: number;
  datasetName?: string | null;
}

/** "Genotype grid of a dataset" in the palette, 3 characters or more of the dataset's name; choosing one opens its grid. */
export const gridPaletteProvider: PaletteProvider = {
  id: 'genotypes:grid-by-dataset',
  minLength: 3,
  async search(text, signal, services): Promise<PaletteItem[]> {
    const filter = [
      { column: 'datasetType', comparator: 'equals' as const, operator: 'and' as const, values: ['genotype'] },
      { column: 'datasetName', comparator: 'contains' as const, operator: 'and' as const, values: [text.trim().slice(0, MAX_SEARCH)] },
    ];
    const result = await services.api.table<DatasetRow>('dataset/table', { page: 1, limit: 10, orderBy: 'datasetName', ascending: 1, filter }, { signal });
    return result.data.map((row) => ({
      id: `genotypes:grid:${row.datasetId}`,
      label: row.datasetName || String(row.datasetId),
      kindKey: 'genotypes.palette.grid',
      run: (context: CommandContext) => context.workspace.open({ type: GRID_PANE, params: { datasetId: String(row.datasetId) } }, 'replace'),
    }));
  },
};
