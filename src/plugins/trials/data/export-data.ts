import { sql, type Kysely } from 'kysely';
import { groupVisibleSql } from '../../../server/access/groups.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';
import { GERMPLASM_GROUP_TYPE } from './groups.js';
import { listOrNull } from '../../../server/http/dataset-request.js';

/**
 * What the trials export reads besides its rows (export-rows.ts): its traits (the columns), its datasets
 * (names, versions, licences) and the selected germplasm groups.
 */

export interface ExportTrait {
  id: number;
  name: string;
  shortName: string | null;
  description: string | null;
  datatype: string;
  unitName: string | null;
  unitAbbreviation: string | null;
}

export interface ExportDataset {
  id: number;
  name: string;
  description: string | null;
  version: string | null;
  licenseName: string | null;
}

export interface ExportSelection {
  datasetIds: readonly number[];
  traitIds: number[] | null;
  yIds: readonly number[] | null | undefined;
  yGroupIds: readonly number[] | null | undefined;
}

/** The header of a trait's column: its name, and its unit's abbreviation in brackets when the unit has one. */
export function traitHeader(trait: ExportTrait): string {
  return trait.unitAbbreviation ? `${trait.name} [${trait.unitAbbreviation}]` : trait.name;
}

/** The selected traits (all when none is selected) that have data in the datasets, by name. */
export async function exportTraits(db: Kysely<unknown>, selection: ExportSelection, dialect: DialectName): Promise<ExportTrait[]> {
  const chosen = selection.traitIds ? idListSql(sql`p.id`, selection.traitIds, dialect) : sql`1 = 1`;
  const rows = await sql<{ id: number; name: string; short_name: string | null; description: string | null; datatype: string; unit_name: string | null; unit_abbreviation: string | null }>`
    SELECT p.id, p.name, p.short_name, p.description, p.datatype, u.unit_name, u.unit_abbreviation
    FROM phenotypes p LEFT JOIN units u ON u.id = p.unit_id
    WHERE ${chosen} AND EXISTS (SELECT 1 FROM phenotypedata pd JOIN trialsetup ts ON ts.id = pd.trialsetup_id
      WHERE pd.phenotype_id = p.id AND ts.dataset_id IN (${sql.join([...selection.datasetIds])}))
    ORDER BY p.name, p.id`.execute(db);
  return rows.rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    shortName: r.short_name,
    description: r.description,
    datatype: r.datatype,
    unitName: r.unit_name,
    unitAbbreviation: r.unit_abbreviation,
  }));
}

export async function exportDatasets(db: Kysely<unknown>, datasetIds: readonly number[]): Promise<ExportDataset[]> {
  const rows = await sql<{ id: number; name: string; description: string | null; version: string | null; license_name: string | null }>`
    SELECT d.id, d.name, d.description, d.version, l.name AS license_name FROM datasets d LEFT JOIN licenses l ON l.id = d.license_id
    WHERE d.id IN (${sql.join([...datasetIds])}) ORDER BY d.id`.execute(db);
  return rows.rows.map((r) => ({ id: Number(r.id), name: r.name, description: r.description, version: r.version, licenseName: r.license_name }));
}

/** The selected germplasm groups the caller sees, by id (their names fill the groups column). */
export async function selectedGroups(db: Kysely<unknown>, groupIds: readonly number[] | null | undefined, user: SessionUser | null, dialect: DialectName): Promise<Map<number, string>> {
  const ids = listOrNull(groupIds);
  if (!ids) return new Map();
  const rows = await sql<{ id: number; name: string | null }>`SELECT g.id, g.name FROM groups g
    WHERE g.grouptype_id = ${GERMPLASM_GROUP_TYPE} AND ${groupVisibleSql('g', user)} AND ${idListSql(sql`g.id`, ids, dialect)}`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.id), r.name ?? '']));
}

/** The fixed columns of the export, before one column per trait. */
export const FIXED_HEADER = [
  'name', 'dbId', 'puid', 'general_identifier', 'taxonomy', 'entity_parent_name', 'entity_parent_general_identifier', 'dataset_name',
  'dataset_version', 'license_name', 'year', 'groups', 'location', 'latitude', 'longitude', 'elevation', 'treatments_description', 'rep',
  'block', 'trial_row', 'trial_column',
] as const;
