import type { Kysely } from 'kysely';
import { tableExists } from '../../../server/db/table-exists.js';
import type { DialectName } from '../../../server/db/database.js';
import type { CoreTables } from '../../../server/db/tables.js';
import type { ImagesTables } from '../tables.js';

export type ImagesDb = Kysely<CoreTables & ImagesTables>;
export type ReferenceType = 'germinatebase' | 'phenotypes';

/** A name or id resolved to a row id, or the status saying why not (docs/import-templates.md, Germplasm lookup). */
export type Resolved = { id: number } | { status: 'GENERIC_INVALID_GERMPLASM' | 'GENERIC_DISPLAY_NAME_USED_BUT_NOT_UNIQUE' | 'GENERIC_INVALID_REFERENCE' };

/**
 * What image rows may point to, loaded once per check/write: germplasm by id, by name and by display name
 * (both case-insensitive, as Germinate's GermplasmLookup), and traits by id and name when traits exist.
 */
export class References {
  private constructor(
    private readonly germplasmIds: Set<number>,
    private readonly germplasmNames: Map<string, number>,
    private readonly displayNames: Map<string, number[]>,
    private readonly traitIds: Set<number>,
    private readonly traitNames: Map<string, number>,
  ) {}

  static async load(db: ImagesDb, dialect: DialectName): Promise<References> {
    const germplasm = await db.selectFrom('germinatebase').select(['id', 'name', 'display_name']).orderBy('id').execute();
    const names = new Map<string, number>();
    const display = new Map<string, number[]>();
    for (const g of germplasm) {
      if (!names.has(g.name.toLowerCase())) names.set(g.name.toLowerCase(), g.id);
      const key = g.display_name.toLowerCase();
      display.set(key, [...(display.get(key) ?? []), g.id]);
    }
    const traits = (await tableExists(db, dialect, 'phenotypes'))
      ? await db.selectFrom('phenotypes').select(['id', 'name']).orderBy('id').execute()
      : [];
    const traitNames = new Map<string, number>();
    for (const t of traits) if (!traitNames.has(t.name.toLowerCase())) traitNames.set(t.name.toLowerCase(), t.id);
    return new References(new Set(germplasm.map((g) => g.id)), names, display, new Set(traits.map((t) => t.id)), traitNames);
  }

  byId(type: ReferenceType, id: number): Resolved {
    const known = type === 'germinatebase' ? this.germplasmIds.has(id) : this.traitIds.has(id);
    return known ? { id } : { status: 'GENERIC_INVALID_REFERENCE' };
  }

  byName(type: ReferenceType, name: string): Resolved {
    const key = name.toLowerCase();
    if (type === 'phenotypes') {
      const id = this.traitNames.get(key);
      return id === undefined ? { status: 'GENERIC_INVALID_REFERENCE' } : { id };
    }
    const id = this.germplasmNames.get(key);
    if (id !== undefined) return { id };
    const matches = this.displayNames.get(key) ?? [];
    if (matches.length === 0) return { status: 'GENERIC_INVALID_GERMPLASM' };
    if (matches.length > 1) return { status: 'GENERIC_DISPLAY_NAME_USED_BUT_NOT_UNIQUE' };
    return { id: matches[0] };
  }
}
