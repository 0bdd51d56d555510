import type { Filter } from '../../core/table-request.js';

/**
 * Passport helpers: how the route's id finds the germplasm (client-behaviour §5.1) and the MCPD fields
 * in the order GET germplasm/{id}/mcpd sends them (views.md §29). `latitude`/`longitude` (DMS text) are
 * left out: the server may send them as byte arrays, and the decimal ones say the same.
 */
export const MCPD_FIELDS = [
  'puid', 'instcode', 'accenumb', 'collnumb', 'collcode', 'collname', 'collinstaddress', 'collmissid',
  'genus', 'species', 'spauthor', 'subtaxa', 'subtauthor', 'cropname', 'accename', 'acqdate', 'origcty',
  'collsite', 'declatitude', 'declongitude', 'coorduncert', 'coorddatum', 'georefmeth', 'elevation',
  'colldate', 'bredcode', 'bredname', 'sampstat', 'ancest', 'collsrc', 'donorcode', 'donorname', 'donornumb',
  'othernumb', 'duplsite', 'duplinstname', 'storage', 'mlsstat', 'remarks',
] as const;

/** A numeric id looks up by id; anything else is a name (so `/data/germplasm/BARKE` works). */
export function resolveFilters(param: string): Filter[] {
  if (/^\d+$/.test(param)) return [{ column: 'germplasmId', comparator: 'equals', values: [Number(param)] }];
  return ['germplasmName', 'germplasmDisplayName', 'germplasmPuid'].map((column) => ({
    column,
    comparator: 'equals' as const,
    operator: 'or' as const,
    values: [param],
  }));
}

/** "The score of this item is: {pdci}/10" shows the score to 2 decimals. */
export function pdciText(pdci: number): string {
  return pdci.toFixed(2);
}
