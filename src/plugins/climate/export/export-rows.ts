import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';
import { locationSelectionSql } from '../scope.js';

/**
 * What the climate export reads: its climates (the columns), its datasets, and its rows: one per dataset ×
 * location × recording date, the values pivoted into one cell per climate. A cell that several values fill
 * (a value recorded twice) holds the one stored last.
 *
 * Rows come dataset by dataset, and in each by location id, read in batches of about BATCH_VALUES values
 * (a batch ends with the whole of its last location) from the index climatedata(dataset_id, location_id):
 * the file is written while it is read, and memory does not grow with the dataset.
 */

export const BATCH_VALUES = 5000;

export interface ExportClimate {
  id: number;
  name: string;
  unitName: string | null;
  unitAbbreviation: string | null;
}

export interface ExportDataset {
  id: number;
  name: string;
  version: string | null;
  licenseName: string | null;
}

export interface ClimateSelection {
  datasetIds: readonly number[];
  climateIds: number[] | null;
  yIds: readonly number[] | null | undefined;
  yGroupIds: readonly number[] | null | undefined;
}

/** The fixed columns of the export, before one column per climate. */
export const FIXED_HEADER = ['name', 'dbId', 'dataset_name', 'dataset_version', 'license_name', 'latitude', 'longitude', 'elevation', 'date', 'year'] as const;

/** A climate's column header: its name, and its unit (abbreviation, else name) in brackets when it has one. */
export function climateHeader(climate: ExportClimate): string {
  const unit = climate.unitAbbreviation || climate.unitName;
  return unit ? `${climate.name} [${unit}]` : climate.name;
}

/** The selected climates (all when none is selected) with values in the datasets, by name. */
export async function exportClimates(db: Kysely<unknown>, selection: ClimateSelection, dialect: DialectName): Promise<ExportClimate[]> {
  const chosen = selection.climateIds ? idListSql(sql`c.id`, selection.climateIds, dialect) : sql`1 = 1`;
  const rows = await sql<{ id: number; name: string; unit_name: string | null; unit_abbreviation: string | null }>`
    SELECT c.id, c.name, u.unit_name, u.unit_abbreviation FROM climates c LEFT JOIN units u ON u.id = c.unit_id
    WHERE ${chosen} AND EXISTS (SELECT 1 FROM climatedata cd WHERE cd.climate_id = c.id AND cd.dataset_id IN (${sql.join([...selection.datasetIds])}))
    ORDER BY c.name, c.id`.execute(db);
  return rows.rows.map((r) => ({ id: Number(r.id), name: r.name, unitName: r.unit_name, unitAbbreviation: r.unit_abbreviation }));
}

export async function exportDatasets(db: Kysely<unknown>, datasetIds: readonly number[]): Promise<ExportDataset[]> {
  const rows = await sql<{ id: number; name: string; version: string | null; license_name: string | null }>`
    SELECT d.id, d.name, d.version, l.name AS license_name FROM datasets d LEFT JOIN licenses l ON l.id = d.license_id
    WHERE d.id IN (${sql.join([...datasetIds])}) ORDER BY d.id`.execute(db);
  return rows.rows.map((r) => ({ id: Number(r.id), name: r.name, version: r.version, licenseName: r.license_name }));
}

/** One row of the file: the fixed cells (in the header's order), then one value per climate. */
export type ExportRow = (string | number | null)[];

interface ValueRow {
  id: number;
  location_id: number;
  climate_id: number;
  climate_value: string | null;
  recording_date: string | null;
}

interface Site {
  name: string;
  latitude: number | null;
  longitude: number | null;
  elevation: number | null;
}

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The export's rows, in batches (see above). */
export async function* climateRows(
  db: Kysely<unknown>,
  selection: ClimateSelection,
  climates: readonly ExportClimate[],
  datasets: readonly ExportDataset[],
  user: SessionUser | null,
  dialect: DialectName,
  batchValues = BATCH_VALUES,
): AsyncGenerator<ExportRow[]> {
  if (climates.length === 0) return;
  const column = new Map(climates.map((c, i) => [c.id, i]));
  const climateCondition = idListSql(sql`cd.climate_id`, climates.map((c) => c.id), dialect);
  const locations = locationSelectionSql(sql`cd.location_id`, selection.yIds, selection.yGroupIds, user, dialect) ?? sql`1 = 1`;
  for (const dataset of datasets) {
    const scope = (range: RawBuilder<unknown>) => sql`cd.dataset_id = ${dataset.id} AND ${range} AND ${climateCondition} AND ${locations} AND cd.climate_value IS NOT NULL`;
    let after = -1;
    for (;;) {
      // The location at the batch's last value: the batch takes every value of the locations up to it.
      const boundary = await sql<{ id: number }>`SELECT cd.location_id AS id FROM climatedata cd
        WHERE ${scope(sql`cd.location_id > ${after}`)} ORDER BY cd.location_id LIMIT 1 OFFSET ${batchValues - 1}`.execute(db);
      const last = boundary.rows.length > 0 ? Number(boundary.rows[0].id) : null;
      const range = last === null ? sql`cd.location_id > ${after}` : sql`cd.location_id > ${after} AND cd.location_id <= ${last}`;
      const values = await sql<ValueRow>`SELECT cd.id, cd.location_id, cd.climate_id, cd.climate_value, cd.recording_date FROM climatedata cd WHERE ${scope(range)}`.execute(db);
      if (values.rows.length > 0) {
        const sites = await sitesOf(db, [...new Set(values.rows.map((v) => Number(v.location_id)))], dialect);
        yield pivot(values.rows, { column, width: climates.length, dataset, sites });
      }
      if (last === null) break;
      after = last;
    }
  }
}

async function sitesOf(db: Kysely<unknown>, ids: readonly number[], dialect: DialectName): Promise<Map<number, Site>> {
  const rows = await sql<{ id: number; site_name: string; latitude: number | null; longitude: number | null; elevation: number | null }>`
    SELECT l.id, l.site_name, l.latitude, l.longitude, l.elevation FROM locations l WHERE ${idListSql(sql`l.id`, ids, dialect)}`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.id), { name: r.site_name, latitude: num(r.latitude), longitude: num(r.longitude), elevation: num(r.elevation) }]));
}

interface PivotContext {
  column: Map<number, number>;
  width: number;
  dataset: ExportDataset;
  sites: Map<number, Site>;
}

/** The batch's rows, by location id and then date (rows without a date first). */
function pivot(values: readonly ValueRow[], context: PivotContext): ExportRow[] {
  const { dataset, sites } = context;
  const rows = new Map<string, { location: number; date: string | null; row: ExportRow; ids: number[] }>();
  for (const value of values) {
    const at = context.column.get(Number(value.climate_id));
    if (at === undefined) continue;
    const location = Number(value.location_id);
    const date = value.recording_date === null ? null : value.recording_date.slice(0, 10);
    const key = `${location}|${date ?? ''}`;
    let entry = rows.get(key);
    if (!entry) {
      const site = sites.get(location);
      const fixed = [site?.name ?? null, location, `${dataset.id}-${dataset.name}`, dataset.version, dataset.licenseName, site?.latitude ?? null, site?.longitude ?? null, site?.elevation ?? null, date, date === null ? null : date.slice(0, 4)];
      entry = { location, date, row: [...fixed, ...new Array<null>(context.width).fill(null)], ids: new Array<number>(context.width).fill(-1) };
      rows.set(key, entry);
    }
    // Of two values of one cell, the one stored last.
    if (Number(value.id) > entry.ids[at]) {
      entry.ids[at] = Number(value.id);
      entry.row[FIXED_HEADER.length + at] = value.climate_value;
    }
  }
  const order = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);
  return [...rows.values()].sort((a, b) => a.location - b.location || order(a.date, b.date)).map((entry) => entry.row);
}
