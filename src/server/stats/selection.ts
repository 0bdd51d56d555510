import { sql, type Kysely } from 'kysely';
import type { DatasetSummary } from '../../core/stats-types.js';
import { groupVisibleSql } from '../access/groups.js';
import type { SessionUser } from '../auth/tokens.js';
import type { DialectName } from '../db/database.js';
import { idListSql } from '../db/id-list.js';
import { tableExists } from '../db/table-exists.js';

/**
 * What the statistics of dataset data (trials, climate) name besides their numbers: the groups a request
 * selects and the datasets the boxes were drawn from.
 */

export type { DatasetSummary };

export interface NamedGroup {
  id: number;
  name: string;
}

/**
 * Of the requested groups, those of the given target table (`germinatebase`, `locations`) that the caller
 * sees, by id: private groups of others are dropped silently, as unknown ids are.
 */
export async function visibleGroups(db: Kysely<unknown>, dialect: DialectName, user: SessionUser | null, groupIds: readonly number[], targetTable: string): Promise<NamedGroup[]> {
  // Groups are a domain of their own; without it no group exists.
  if (groupIds.length === 0 || !(await tableExists(db, dialect, 'groups'))) return [];
  const rows = await sql<{ id: number; name: string }>`SELECT g.id, g.name FROM groups g JOIN grouptypes gt ON gt.id = g.grouptype_id
    WHERE g.id IN (${sql.join(groupIds.map((id) => sql`${id}`))}) AND gt.target_table = ${targetTable} AND ${groupVisibleSql('g', user)}
    ORDER BY g.id`.execute(db);
  return rows.rows.map((r) => ({ id: Number(r.id), name: r.name }));
}


/** The summaries of the given datasets, by id. */
export async function datasetSummaries(db: Kysely<unknown>, dialect: DialectName, ids: readonly number[]): Promise<DatasetSummary[]> {
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
