import type { Kysely } from 'kysely';

/** What the lookup reads: germinatebase by SQL name (the germplasm domain owns it). */
interface LookupTables {
  germinatebase: { id: number; name: string; display_name: string };
}

export type GermplasmMatch =
  | { id: number }
  | { status: 'GENERIC_INVALID_GERMPLASM' | 'GENERIC_DISPLAY_NAME_USED_BUT_NOT_UNIQUE' };

export interface GermplasmLookup {
  resolve(identifier: string): GermplasmMatch;
}

/**
 * Germinate's GermplasmLookup (docs/import-templates.md): case-insensitive name (= ACCENUMB) first, then display
 * name, which must belong to one germplasm only. Built once per check or write from every stored germplasm.
 */
export async function loadGermplasmLookup<T extends LookupTables>(db: Kysely<T>): Promise<GermplasmLookup> {
  const rows = await (db as unknown as Kysely<LookupTables>)
    .selectFrom('germinatebase')
    .select(['id', 'name', 'display_name'])
    .orderBy('id', 'desc')
    .execute();
  const names = new Map<string, number>();
  // display name → id, or -1 when two or more germplasm share it
  const displayNames = new Map<string, number>();
  // Descending ids: the lowest id is set last and wins among equal names.
  for (const row of rows) {
    names.set(row.name.toLowerCase(), row.id);
    const display = row.display_name.toLowerCase();
    const seen = displayNames.get(display);
    displayNames.set(display, seen === undefined || seen === row.id ? row.id : -1);
  }
  return {
    resolve(identifier) {
      const key = identifier.toLowerCase();
      const byName = names.get(key);
      if (byName !== undefined) return { id: byName };
      const byDisplay = displayNames.get(key);
      if (byDisplay === undefined) return { status: 'GENERIC_INVALID_GERMPLASM' };
      if (byDisplay === -1) return { status: 'GENERIC_DISPLAY_NAME_USED_BUT_NOT_UNIQUE' };
      return { id: byDisplay };
    },
  };
}
