import type { Filter } from '../../../../core/table-request.js';

/**
 * Germplasm named in a pasted list or a layout, looked up in the germplasm table the way trial creation
 * on the server resolves them: a name matches a germplasm's name ignoring case (the lowest id when several
 * share it); a name that matches no name may match one germplasm's display name; a display name several
 * germplasm share matches none (it is ambiguous). A layout is only sent once every name resolves, so the
 * server and the wizard agree on which germplasm each plot is.
 */

/** The columns of a germplasm table row the lookup reads. */
export interface NameRow {
  germplasmId: number;
  germplasmName: string;
  germplasmDisplayName?: string | null;
}

/** A germplasm chosen for a trial: its id and its name as stored (what a plot names). */
export interface NamedGermplasm {
  id: number;
  name: string;
}

export interface NameLookup {
  /** Given name (lower case) → the germplasm it names. */
  found: Map<string, NamedGermplasm>;
  /** Names that match nothing, as given. */
  missing: string[];
  /** Names that match only a display name several germplasm share, as given. */
  ambiguous: string[];
}

/** Names per table request: one inSet each over name and display name. */
export const LOOKUP_BATCH = 1000;

/** Lines of a pasted list as names: trimmed, blank lines dropped, a name repeated (ignoring case) kept once. */
export function parseNames(text: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const name = line.trim();
    if (name === '' || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

/** Distinct names (ignoring case), in the order first given. */
export function distinctNames(names: readonly string[]): string[] {
  return parseNames(names.join('\n'));
}

/**
 * The filters of one lookup request: the names in the name or the display name column. The server reads
 * an inSet with a single value as a comma-separated list, so a single name is sent twice: a name with a
 * comma in it stays one name.
 */
export function nameFilters(names: readonly string[]): Filter[] {
  const values = names.length === 1 ? [names[0], names[0]] : [...names];
  return (['germplasmName', 'germplasmDisplayName'] as const).map((column) => ({ column, comparator: 'inSet', operator: 'or', values }));
}

/** The requests' filters, batch by batch. */
export function lookupBatches(names: readonly string[], size = LOOKUP_BATCH): Filter[][] {
  const batches: Filter[][] = [];
  for (let i = 0; i < names.length; i += size) batches.push(nameFilters(names.slice(i, i + size)));
  return batches;
}

/** Sorts the names into found, missing and ambiguous by the rows the lookup returned. */
export function resolveNames(names: readonly string[], rows: readonly NameRow[]): NameLookup {
  const byId = [...rows].sort((a, b) => a.germplasmId - b.germplasmId);
  const byName = new Map<string, NameRow>();
  const byDisplay = new Map<string, NameRow[]>();
  for (const row of byId) {
    const name = row.germplasmName.toLowerCase();
    if (!byName.has(name)) byName.set(name, row);
    const display = row.germplasmDisplayName?.toLowerCase();
    if (display) {
      const list = byDisplay.get(display) ?? [];
      if (!list.some((r) => r.germplasmId === row.germplasmId)) list.push(row);
      byDisplay.set(display, list);
    }
  }
  const found = new Map<string, NamedGermplasm>();
  const missing: string[] = [];
  const ambiguous: string[] = [];
  for (const name of distinctNames(names)) {
    const key = name.toLowerCase();
    const direct = byName.get(key);
    const shown = byDisplay.get(key) ?? [];
    if (direct) found.set(key, { id: direct.germplasmId, name: direct.germplasmName });
    else if (shown.length === 1) found.set(key, { id: shown[0].germplasmId, name: shown[0].germplasmName });
    else if (shown.length > 1) ambiguous.push(name);
    else missing.push(name);
  }
  return { found, missing, ambiguous };
}

/** The filter that reads germplasm by id (marked items). */
export function idFilter(ids: readonly number[]): Filter[] {
  return [{ column: 'germplasmId', comparator: 'inSet', values: [...ids] }];
}
