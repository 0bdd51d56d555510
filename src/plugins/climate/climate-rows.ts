import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { PresentTables } from '../../server/table/optional-tables.js';
import type { ClimateRow } from './api-types.js';
import { overlaysSql } from './views.js';

interface Stored {
  id: number;
  name: string;
  short_name: string | null;
  description: string | null;
  datatype: ClimateRow['dataType'];
  unit_id: number | null;
  unit_name: string | null;
  unit_description: string | null;
  unit_abbreviation: string | null;
  overlays: number | string;
}

/**
 * ViewTableClimates rows of the climates `c` for which `condition` holds, by name, as plain lists carry
 * them (`dataset/climate`, the statistics' `climates`): `count` is 0, as Germinate sends it there; nulls are
 * left out, as Gson does.
 */
export async function climateRows(db: Kysely<unknown>, present: PresentTables, condition: RawBuilder<unknown>): Promise<ClimateRow[]> {
  const rows = await sql<Stored>`SELECT c.id, c.name, c.short_name, c.description, c.datatype, u.id AS unit_id, u.unit_name,
      u.unit_description, u.unit_abbreviation, ${overlaysSql(present)} AS overlays
    FROM climates c LEFT JOIN units u ON u.id = c.unit_id WHERE ${condition} ORDER BY c.name, c.id`.execute(db);
  return rows.rows.map((r) => {
    // Germinate's key order; the nulls of optional columns are left out.
    const full = {
      climateId: Number(r.id),
      climateName: r.name,
      climateNameShort: r.short_name,
      climateDescription: r.description,
      dataType: r.datatype,
      unitId: r.unit_id === null ? null : Number(r.unit_id),
      unitName: r.unit_name,
      unitDescription: r.unit_description,
      overlays: Number(r.overlays),
      unitAbbreviation: r.unit_abbreviation,
      count: 0,
    };
    return Object.fromEntries(Object.entries(full).filter(([, value]) => value !== null)) as ClimateRow;
  });
}
