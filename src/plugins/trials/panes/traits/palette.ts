import type { CommandContext, PaletteItem, PaletteProvider } from '../../../../core/contracts.js';
import { PANE } from '../ids.js';
import type { TraitRow } from './columns.js';
import { searchFilters } from './search.js';

/**
 * "Trait by name" in the palette: the traits table's search (names, short names, synonyms,
 * descriptions) as the user types, 3 characters or more; choosing one opens its details.
 */
export const traitPaletteProvider: PaletteProvider = {
  id: 'trials:trait-by-name',
  minLength: 3,
  async search(text, signal, services): Promise<PaletteItem[]> {
    const result = await services.api.table<TraitRow>('trait/table', { page: 1, limit: 10, orderBy: 'traitName', ascending: 1, filter: searchFilters(text) }, { signal });
    return result.data.map((row) => ({
      id: `trials:trait:${row.traitId}`,
      label: row.traitNameShort ? `${row.traitName} (${row.traitNameShort})` : row.traitName || String(row.traitId),
      kindKey: 'trials.traits.palette.kind',
      run: (context: CommandContext) => context.workspace.open({ type: PANE.trait, params: { traitId: String(row.traitId) } }, 'replace'),
    }));
  },
};
