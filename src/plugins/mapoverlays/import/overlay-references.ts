import type { Kysely } from 'kysely';
import type { DialectName } from '../../../server/db/database.js';
import type { CoreTables } from '../../../server/db/tables.js';
import { tableExists } from '../../../server/db/table-exists.js';
import type { ReferenceTable } from './overlay-rows.js';

type Named = { ids: Set<number>; names: Map<string, number> };

/**
 * What overlay rows may point to, loaded once: datasets by id, and traits and climate variables by id and
 * by name (case-insensitive, the lowest id for a name). Traits and climates belong to other domains and
 * are read by table name only when their tables exist.
 */
export class OverlayReferences {
  private constructor(
    readonly datasets: Set<number>,
    private readonly tables: Record<ReferenceTable, Named>,
  ) {}

  static async load(db: Kysely<CoreTables>, dialect: DialectName): Promise<OverlayReferences> {
    const datasets = new Set((await db.selectFrom('datasets').select('id').execute()).map((d) => d.id));
    const named = async (table: ReferenceTable): Promise<Named> => {
      const names = new Map<string, number>();
      if (!(await tableExists(db, dialect, table))) return { ids: new Set(), names };
      // Another domain's table: read by name, with the two columns every such table has.
      const rows = await (db as unknown as Kysely<Record<ReferenceTable, { id: number; name: string }>>)
        .selectFrom(table)
        .select(['id', 'name'])
        .orderBy('id')
        .execute();
      for (const r of rows) if (!names.has(r.name.toLowerCase())) names.set(r.name.toLowerCase(), r.id);
      return { ids: new Set(rows.map((r) => r.id)), names };
    };
    return new OverlayReferences(datasets, { phenotypes: await named('phenotypes'), climates: await named('climates') });
  }

  byId(table: ReferenceTable, id: number): number | null {
    return this.tables[table].ids.has(id) ? id : null;
  }

  byName(table: ReferenceTable, name: string): number | null {
    return this.tables[table].names.get(name.toLowerCase()) ?? null;
  }
}
