import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';
import type { TraitSummary, Treatment } from '../api-types.js';

export type Db = Kysely<unknown>;

/**
 * Restrictions as stored: JSON text on SQLite, already parsed on PostgreSQL (jsonb); text that is not JSON
 * (never written by the import) counts as none.
 */
export function parseRestrictions(stored: unknown): unknown {
  if (typeof stored !== 'string') return stored ?? null;
  if (stored === '') return null;
  try {
    return JSON.parse(stored) as unknown;
  } catch {
    return null;
  }
}

export async function traitSummaries(db: Db, dialect: DialectName, ids: readonly number[]): Promise<TraitSummary[]> {
  if (ids.length === 0) return [];
  const rows = await sql<{
    id: number; name: string; short_name: string | null; description: string | null; datatype: string; restrictions: unknown;
    is_timeseries: number; category_id: number | null; category_name: string | null; unit_id: number | null; unit_name: string | null;
    unit_abbreviation: string | null; unit_description: string | null;
  }>`SELECT p.id, p.name, p.short_name, p.description, p.datatype, p.restrictions, p.is_timeseries, p.category_id,
      c.name AS category_name, p.unit_id, u.unit_name, u.unit_abbreviation, u.unit_description
    FROM phenotypes p LEFT JOIN phenotypecategories c ON c.id = p.category_id LEFT JOIN units u ON u.id = p.unit_id
    WHERE ${idListSql(sql`p.id`, ids, dialect)} ORDER BY p.name, p.id`.execute(db);
  return rows.rows.map((r) => ({
    traitId: Number(r.id),
    traitName: r.name,
    traitNameShort: r.short_name,
    traitDescription: r.description,
    dataType: r.datatype,
    traitRestrictions: parseRestrictions(r.restrictions),
    traitIsTimeseries: Number(r.is_timeseries) === 1,
    categoryId: r.category_id === null ? null : Number(r.category_id),
    categoryName: r.category_name,
    unitId: r.unit_id === null ? null : Number(r.unit_id),
    unitName: r.unit_name,
    unitAbbreviation: r.unit_abbreviation,
    unitDescription: r.unit_description,
  }));
}

export async function treatmentsOf(db: Db, dialect: DialectName, ids: readonly number[]): Promise<Treatment[]> {
  if (ids.length === 0) return [];
  const rows = await sql<{ id: number; name: string; description: string | null; created_on: string; updated_on: string }>`
    SELECT t.id, t.name, t.description, t.created_on, t.updated_on FROM treatments t WHERE ${idListSql(sql`t.id`, ids, dialect)} ORDER BY t.id`.execute(db);
  return rows.rows.map((r) => ({ id: Number(r.id), name: r.name, description: r.description, createdOn: r.created_on, updatedOn: r.updated_on }));
}
