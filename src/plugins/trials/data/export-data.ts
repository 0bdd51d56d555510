import { sql, type Kysely, type RawBuilder } from 'kysely';
import { groupVisibleSql } from '../../../server/access/groups.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { DialectName } from '../../../server/db/database.js';
import { GERMPLASM_GROUP_TYPE } from './groups.js';
import { listOrNull } from './request.js';
import { germplasmSelectionSql, inIds } from './scope.js';

/**
 * What the trials export reads: its traits (the columns), its datasets (names, versions, licences) and
 * its rows, one per germplasm × dataset × location × rep × block × year × row × column × treatment ×
 * plot position, the data points pivoted into one cell per trait.
 *
 * A cell that several data points fill (a time series measured on several days of one year, a value
 * recorded twice) holds the latest of them: the one with the latest recording date, and of equal dates
 * the one stored last, as Germinate's later values overwrite earlier ones. Each year is a row of its own;
 * values without a date are a row with an empty year.
 *
 * Rows come dataset by dataset, and in each by germplasm id: read in batches of about BATCH_POINTS data
 * points (a batch ends with the whole of its last germplasm), each from the plot index
 * trialsetup(dataset_id, germinatebase_id), so that the file is written while it is read and memory does
 * not grow with the dataset.
 */

export const BATCH_POINTS = 5000;

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
  const chosen = selection.traitIds ? inIds(sql`p.id`, selection.traitIds, dialect) : sql`1 = 1`;
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
    WHERE g.grouptype_id = ${GERMPLASM_GROUP_TYPE} AND ${groupVisibleSql('g', user)} AND ${inIds(sql`g.id`, ids, dialect)}`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.id), r.name ?? '']));
}

/** One pivoted row: the plot's cells (the fixed columns, in the header's order) and one value per trait. */
export interface PivotRow {
  fixed: (string | number | null)[];
  values: (string | null)[];
}

interface DataRow {
  germplasm_id: number;
  germplasm_name: string | null;
  display_name: string | null;
  general_identifier: string | null;
  puid: string | null;
  genus: string | null;
  species: string | null;
  subtaxa: string | null;
  parent_name: string | null;
  parent_gid: string | null;
  location_id: number | null;
  site_name: string | null;
  rep: string;
  block: string;
  year: string | null;
  trial_row: number | null;
  trial_column: number | null;
  treatment_id: number | null;
  treatment: string | null;
  latitude: number | null;
  longitude: number | null;
  elevation: number | null;
  phenotype_id: number;
  phenotype_value: string | null;
}

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The rows of the export, in batches (see above). `groups`: the selected groups (null when none was selected). */
export async function* pivotRows(
  db: Kysely<unknown>,
  selection: ExportSelection,
  traits: readonly ExportTrait[],
  datasets: readonly ExportDataset[],
  groups: Map<number, string> | null,
  user: SessionUser | null,
  dialect: DialectName,
  batchPoints = BATCH_POINTS,
): AsyncGenerator<PivotRow[]> {
  if (traits.length === 0) return;
  const column = new Map(traits.map((t, i) => [t.id, i]));
  const traitCondition = inIds(sql`pd.phenotype_id`, traits.map((t) => t.id), dialect);
  const germplasm = germplasmSelectionSql(sql`ts.germinatebase_id`, selection.yIds, selection.yGroupIds, user, dialect) ?? sql`1 = 1`;
  for (const dataset of datasets) {
    const scope = (range: RawBuilder<unknown>) => sql`ts.dataset_id = ${dataset.id} AND ${range} AND ${traitCondition} AND ${germplasm}`;
    let after = -1;
    for (;;) {
      // The germplasm at the batch's last data point: the batch takes every point of germplasm up to it.
      const boundary = await sql<{ id: number }>`SELECT ts.germinatebase_id AS id FROM trialsetup ts JOIN phenotypedata pd ON pd.trialsetup_id = ts.id
        WHERE ${scope(sql`ts.germinatebase_id > ${after}`)} ORDER BY ts.germinatebase_id LIMIT 1 OFFSET ${batchPoints - 1}`.execute(db);
      const last = boundary.rows.length > 0 ? Number(boundary.rows[0].id) : null;
      const range = last === null ? sql`ts.germinatebase_id > ${after}` : sql`ts.germinatebase_id > ${after} AND ts.germinatebase_id <= ${last}`;
      const rows = await batchRows(db, scope(range), dialect);
      const members = groups ? await memberships(db, groups, after, last) : null;
      const pivoted = pivot(rows, column, traits.length, dataset, groups, members);
      if (pivoted.length > 0) yield pivoted;
      if (last === null) break;
      after = last;
    }
  }
}

async function batchRows(db: Kysely<unknown>, where: RawBuilder<unknown>, dialect: DialectName): Promise<DataRow[]> {
  // The order groups each row's data points together (the row's key first) and puts the latest last. It
  // is the same on both databases: empty values first, texts by their characters' codes.
  const text = (column: string) => (dialect === 'postgres' ? sql.raw(`${column} COLLATE "C"`) : sql.raw(column));
  const rows = await sql<DataRow>`SELECT ts.germinatebase_id AS germplasm_id, g.name AS germplasm_name, g.display_name, g.general_identifier,
      m.puid, t.genus, t.species, t.subtaxa, gp.name AS parent_name, gp.general_identifier AS parent_gid,
      ts.location_id, l.site_name, ts.rep, ts.block, substr(pd.recording_date, 1, 4) AS year, ts.trial_row, ts.trial_column,
      ts.treatment_id, tr.name AS treatment, ts.latitude, ts.longitude, ts.elevation, pd.phenotype_id, pd.phenotype_value
    FROM phenotypedata pd JOIN trialsetup ts ON ts.id = pd.trialsetup_id
      JOIN germinatebase g ON g.id = ts.germinatebase_id
      LEFT JOIN mcpd m ON m.germinatebase_id = g.id
      LEFT JOIN taxonomies t ON t.id = g.taxonomy_id
      LEFT JOIN germinatebase gp ON gp.id = g.entityparent_id
      LEFT JOIN locations l ON l.id = ts.location_id
      LEFT JOIN treatments tr ON tr.id = ts.treatment_id
    WHERE ${where}
    ORDER BY ts.germinatebase_id, ts.location_id NULLS FIRST, ${text('ts.rep')}, ${text('ts.block')}, ${text('substr(pd.recording_date, 1, 4)')} NULLS FIRST,
      ts.trial_row NULLS FIRST, ts.trial_column NULLS FIRST, ts.treatment_id NULLS FIRST, ts.latitude NULLS FIRST,
      ts.longitude NULLS FIRST, ts.elevation NULLS FIRST, ${text('pd.recording_date')} NULLS FIRST, pd.id`.execute(db);
  return rows.rows;
}

/** The selected groups of each germplasm in (after, last], by germplasm id. */
async function memberships(db: Kysely<unknown>, groups: Map<number, string>, after: number, last: number | null): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (groups.size === 0) return out;
  const upTo = last === null ? sql`` : sql`AND gm.foreign_id <= ${last}`;
  const rows = await sql<{ foreign_id: number; group_id: number }>`SELECT DISTINCT gm.foreign_id, gm.group_id FROM groupmembers gm
    WHERE gm.group_id IN (${sql.join([...groups.keys()])}) AND gm.foreign_id > ${after} ${upTo}`.execute(db);
  for (const row of rows.rows) {
    const names = out.get(Number(row.foreign_id)) ?? [];
    names.push(groups.get(Number(row.group_id)) ?? '');
    out.set(Number(row.foreign_id), names);
  }
  return out;
}

/** Germinate's group cell: the names cut to 10 characters, sorted, as a JSON array. */
function groupCell(names: readonly string[]): string {
  return JSON.stringify(names.map((name) => [...name].slice(0, 10).join('')).sort());
}

function pivot(
  rows: readonly DataRow[],
  column: Map<number, number>,
  traitCount: number,
  dataset: ExportDataset,
  groups: Map<number, string> | null,
  members: Map<number, string[]> | null,
): PivotRow[] {
  const out: PivotRow[] = [];
  let key: string | null = null;
  let current: PivotRow | null = null;
  for (const r of rows) {
    const rowKey = JSON.stringify([r.germplasm_id, r.location_id, r.rep, r.block, r.year, r.trial_row, r.trial_column, r.treatment_id, r.latitude, r.longitude, r.elevation]);
    if (rowKey !== key || current === null) {
      key = rowKey;
      const taxonomy = [r.genus, r.species, r.subtaxa].filter((part) => part !== null && part.trim() !== '').join(' ');
      current = {
        fixed: [
          r.display_name || r.germplasm_name, Number(r.germplasm_id), r.puid, r.general_identifier, taxonomy, r.parent_name, r.parent_gid,
          `${dataset.id}-${dataset.name}`, dataset.version, dataset.licenseName, r.year,
          groups ? groupCell(members?.get(Number(r.germplasm_id)) ?? []) : null,
          r.site_name, num(r.latitude), num(r.longitude), num(r.elevation), r.treatment, r.rep, r.block, num(r.trial_row), num(r.trial_column),
        ],
        values: new Array<string | null>(traitCount).fill(null),
      };
      out.push(current);
    }
    const at = column.get(Number(r.phenotype_id));
    // Points come oldest first: a later one overwrites the cell.
    if (at !== undefined && r.phenotype_value !== null) current.values[at] = r.phenotype_value;
  }
  return out;
}

/** The fixed columns of the export, before one column per trait. */
export const FIXED_HEADER = [
  'name', 'dbId', 'puid', 'general_identifier', 'taxonomy', 'entity_parent_name', 'entity_parent_general_identifier', 'dataset_name',
  'dataset_version', 'license_name', 'year', 'groups', 'location', 'latitude', 'longitude', 'elevation', 'treatments_description', 'rep',
  'block', 'trial_row', 'trial_column',
] as const;
