import type { CommandContext, PaletteItem, PaletteProvider } from '../../core/contracts.js';
import { checkTerm, searchFilters } from './term.js';
import { sectionOf, type SectionId } from './sections.js';

/**
 * The palette's "search everywhere": an entry that opens the search page with the term, and the top hits of a
 * few sections, each section its own provider so that each shows as soon as its answer arrives. The palette
 * waits for a pause in typing and aborts the providers of an older text, so an older answer never replaces a
 * newer one; each request here passes that signal on.
 */

export const PANE = { page: 'search:page', query: 'search:query' } as const;

/** The pane of a search: the search page with the term in its address. */
export const searchPane = (term: string) => ({ type: PANE.query, params: { searchTerm: term } });

/** Hits per section in the palette: the palette is for going somewhere, the page for reading all. */
export const PALETTE_HITS = 3;
/** The sections the palette asks: the ones people jump to by name. */
export const PALETTE_SECTIONS: readonly SectionId[] = ['germplasm', 'datasets', 'locations'];

export const everywhere: PaletteProvider = {
  id: 'search:everywhere',
  minLength: 2,
  fallback: true,
  search(text, _signal, services): Promise<PaletteItem[]> {
    const check = checkTerm(text);
    if (!check.ok) return Promise.resolve([]);
    return Promise.resolve([
      {
        id: 'search:everywhere',
        label: services.t('search.palette.everywhere', { term: check.term }),
        kindKey: 'search.palette.kind',
        run: (context: CommandContext) => context.workspace.open(searchPane(check.term), 'replace'),
      },
    ]);
  },
};

function sectionProvider(id: SectionId): PaletteProvider {
  const section = sectionOf(id);
  if (!section) throw new Error(`No search section ${id}`);
  const { declaration } = section;
  return {
    id: `search:hits-${id}`,
    minLength: 2,
    async search(text, signal, services): Promise<PaletteItem[]> {
      const check = checkTerm(text);
      if (!check.ok) return [];
      // prevCount 0: the palette shows no count, so the server need not count.
      const result = await services.api.table<Record<string, unknown>>(
        declaration.path,
        { page: 1, limit: PALETTE_HITS, prevCount: 0, filter: searchFilters(check.term, section.searchColumns, section.variantColumns) },
        // A section a server lacks, or that fails, shows no hits rather than an error toast while typing.
        { signal, handlers: [{ codes: [], callback: () => undefined }] },
      );
      return result.data.map((row) => ({
        id: `${id}:${declaration.rowId(row)}`,
        label: declaration.rowTitle(row),
        kindKey: section.titleKey,
        run: (context: CommandContext) => {
          if (declaration.open) context.workspace.open(declaration.open(row), 'replace');
        },
      }));
    },
  };
}

export const paletteProviders: PaletteProvider[] = [everywhere, ...PALETTE_SECTIONS.map(sectionProvider)];
