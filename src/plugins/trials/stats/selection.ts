import { sql, type Kysely } from 'kysely';
import { groupVisibleSql } from '../../../server/access/groups.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';
import { tableExists } from '../../../server/db/table-exists.js';
import type { DatasetSummary, TraitSummary, Treatment } from '../api-types.js';

export type Db = Kysely<unknown>;

export interface NamedGroup {
  id: number;
  name: string;
}

/**
 * Of the requested groups, those of the given target table (`germinatebase`, `locations`) that the caller
 * sees, by id: private groups of others are dropped silently, as unknown ids are.
 */
export async function visibleGroups(db: Db, dialect: DialectName, user: SessionUser | null, groupIds: readonly number[], targetTable: string): Promise<NamedGroup[]> {
  // Groups are a domain of their own; without it no group exists.
  if (groupIds.length === 0 || !(await tableExists(db, dialect, 'groups'))) return [];
  const rows = await sql<{ id: number; name: string }>`SELECT g.id, g.name FROM groups g JOIN grouptypes gt ON gt.id = g.grouptype_id
    WHERE g.id IN (${sql.join(groupIds.map((id) => sql`${id}`))}) AND gt.target_table = ${targetTable} AND ${groupVisibleSql('g', user)}
    ORDER BY g.id`.execute(db);
  return rows.rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function datasetSummaries(db: Db, dialect: DialectName, ids: readonly number[]): Promise<DatasetSummary[]> {
  if (ids.length === 0) return [];
  const rows = await sql<{
    id: number; name: string; description: string | null; type: string; version: string | null; experiment_id: number;
    experiment_name: string | null; license_id: number | null; license_name: string | null; state: string | null;
    date_start: string | null; date_end: string | null; created_on: string; updated_on: string;
  }>`SELECT d.id, d.name, d.description, dt.description AS type, d.version, d.experiment_id, e.experiment_name, d.license_id,
      l.name AS license_name, ds.name AS state, d.date_start, d.date_end, d.created_on, d.updated_on
    FROM datasets d JOIN datasettypes dt ON dt.id = d.datasettype_id LEFT JOIN experiments e ON e.id = d.experiment_id
      LEFT JOIN licenses l ON l.id = d.license_id LEFT JOIN datasetstates ds ON ds.id = d.dataset_state_id
    WHERE ${idListSql(sql`d.id`, ids, dialect)} ORDER BY d.id`.execute(db);
  return rows.rows.map((r) => ({
    datasetId: Number(r.id),
    datasetName: r.name,
    datasetDescription: r.description,
    datasetType: r.type,
    version: r.version,
    experimentId: Number(r.experiment_id),
    experimentName: r.experiment_name,
    licenseId: r.license_id === null ? null : Number(r.license_id),
    licenseName: r.license_name,
    datasetState: r.state,
    startDate: r.date_start,
    endDate: r.date_end,
    createdOn: r.created_on,
    updatedOn: r.updated_on,
  }));
}

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
