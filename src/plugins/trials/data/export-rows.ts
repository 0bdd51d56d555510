import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';
import type { ExportDataset, ExportSelection, ExportTrait } from './export-data.js';
import { germplasmSelectionSql } from './scope.js';

/**
 * The rows of the trials export: one per germplasm × dataset × location × rep × block × year × row ×
 * column × treatment × plot position, the data points pivoted into one cell per trait.
 *
 * A cell that several data points fill (a time series measured on several days of one year, a value
 * recorded twice) holds the latest of them: the one with the latest recording date, and of equal dates
 * the one stored last, as Germinate's later values overwrite earlier ones. Each year is a row of its own;
 * values without a date are a row with an empty year.
 *
 * Rows come dataset by dataset, and in each by germplasm id, read in batches of about BATCH_POINTS data
 * points (a batch ends with the whole of its last germplasm) from the plot index
 * trialsetup(dataset_id, germinatebase_id): the file is written while it is read, and memory does not
 * grow with the dataset. A batch reads its points, its plots and its germplasm's passports in one query
 * each and pivots and orders its rows itself; the few sites and treatments are remembered once read.
 */

export const BATCH_POINTS = 5000;

/** One pivoted row: the plot's cells (the fixed columns, in the header's order) and one value per trait. */
export interface PivotRow {
  fixed: (string | number | null)[];
  values: (string | null)[];
}

interface PlotRow {
  id: number;
  germplasm_id: number;
  location_id: number | null;
  rep: string;
  block: string;
  trial_row: number | null;
  trial_column: number | null;
  treatment_id: number | null;
  latitude: number | null;
  longitude: number | null;
  elevation: number | null;
}

interface PointRow {
  id: number;
  trialsetup_id: number;
  phenotype_id: number;
  phenotype_value: string | null;
  recording_date: string | null;
}

interface Passport {
  name: string;
  puid: string | null;
  gid: string | null;
  taxonomy: string;
  parentName: string | null;
  parentGid: string | null;
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
  const traitCondition = idListSql(sql`pd.phenotype_id`, traits.map((t) => t.id), dialect);
  const germplasm = germplasmSelectionSql(sql`ts.germinatebase_id`, selection.yIds, selection.yGroupIds, user, dialect) ?? sql`1 = 1`;
  const names = { sites: new Map<number, string | null>(), treatments: new Map<number, string | null>() };
  for (const dataset of datasets) {
    const scope = (range: RawBuilder<unknown>) => sql`ts.dataset_id = ${dataset.id} AND ${range} AND ${traitCondition} AND ${germplasm}`;
    let after = -1;
    for (;;) {
      // The germplasm at the batch's last data point: the batch takes every point of germplasm up to it.
      const boundary = await sql<{ id: number }>`SELECT ts.germinatebase_id AS id FROM trialsetup ts JOIN phenotypedata pd ON pd.trialsetup_id = ts.id
        WHERE ${scope(sql`ts.germinatebase_id > ${after}`)} ORDER BY ts.germinatebase_id LIMIT 1 OFFSET ${batchPoints - 1}`.execute(db);
      const last = boundary.rows.length > 0 ? Number(boundary.rows[0].id) : null;
      const range = last === null ? sql`ts.germinatebase_id > ${after}` : sql`ts.germinatebase_id > ${after} AND ts.germinatebase_id <= ${last}`;
      const points = await pointRows(db, scope(range));
      if (points.length > 0) {
        const plots = await plotRows(db, sql`ts.dataset_id = ${dataset.id} AND ${range} AND ${germplasm}`);
        const ids = [...new Set(plots.map((p) => Number(p.germplasm_id)))];
        const passports = await passportsOf(db, ids, dialect);
        await remember(db, names.sites, plots.map((p) => p.location_id), 'locations', 'site_name', dialect);
        await remember(db, names.treatments, plots.map((p) => p.treatment_id), 'treatments', 'name', dialect);
        const members = groups ? await memberships(db, groups, ids, dialect) : null;
        yield pivot(points, plots, { column, traitCount: traits.length, dataset, passports, names, members });
      }
      if (last === null) break;
      after = last;
    }
  }
}

/**
 * A batch's data points, unordered: the pivot groups them itself. Read apart from their plots (a batch has
 * twenty times fewer plots than points), so that each point's row is read once and nothing is sorted.
 */
async function pointRows(db: Kysely<unknown>, where: RawBuilder<unknown>): Promise<PointRow[]> {
  const rows = await sql<PointRow>`SELECT pd.id, pd.trialsetup_id, pd.phenotype_id, pd.phenotype_value, pd.recording_date
    FROM trialsetup ts JOIN phenotypedata pd ON pd.trialsetup_id = ts.id WHERE ${where}`.execute(db);
  return rows.rows;
}

async function plotRows(db: Kysely<unknown>, where: RawBuilder<unknown>): Promise<PlotRow[]> {
  const rows = await sql<PlotRow>`SELECT ts.id, ts.germinatebase_id AS germplasm_id, ts.location_id, ts.rep, ts.block, ts.trial_row, ts.trial_column,
      ts.treatment_id, ts.latitude, ts.longitude, ts.elevation
    FROM trialsetup ts WHERE ${where}`.execute(db);
  return rows.rows;
}

/** The passport cells of the batch's germplasm: display name (else name), PUID, taxonomy and parent. */
async function passportsOf(db: Kysely<unknown>, ids: readonly number[], dialect: DialectName): Promise<Map<number, Passport>> {
  const rows = await sql<{ id: number; name: string; display_name: string | null; general_identifier: string | null; puid: string | null; genus: string | null; species: string | null; subtaxa: string | null; parent_name: string | null; parent_gid: string | null }>`
    SELECT g.id, g.name, g.display_name, g.general_identifier, m.puid, t.genus, t.species, t.subtaxa, gp.name AS parent_name, gp.general_identifier AS parent_gid
    FROM germinatebase g LEFT JOIN mcpd m ON m.germinatebase_id = g.id LEFT JOIN taxonomies t ON t.id = g.taxonomy_id
      LEFT JOIN germinatebase gp ON gp.id = g.entityparent_id
    WHERE ${idListSql(sql`g.id`, ids, dialect)}`.execute(db);
  return new Map(
    rows.rows.map((r) => [
      Number(r.id),
      {
        name: r.display_name || r.name,
        puid: r.puid,
        gid: r.general_identifier,
        // Genus, species and subtaxa joined by spaces, the parts there are.
        taxonomy: [r.genus, r.species, r.subtaxa].filter((part): part is string => part !== null && part.trim() !== '').join(' '),
        parentName: r.parent_name,
        parentGid: r.parent_gid,
      },
    ]),
  );
}

/** Adds the names of ids not read yet (sites, treatments: few, read once per export) to `known`. */
async function remember(db: Kysely<unknown>, known: Map<number, string | null>, ids: readonly (number | null)[], table: 'locations' | 'treatments', column: 'site_name' | 'name', dialect: DialectName) {
  const missing = [...new Set(ids.filter((id): id is number => id !== null).map(Number))].filter((id) => !known.has(id));
  if (missing.length === 0) return;
  const rows = await sql<{ id: number; name: string | null }>`SELECT x.id, x.${sql.ref(column)} AS name FROM ${sql.table(table)} x WHERE ${idListSql(sql`x.id`, missing, dialect)}`.execute(db);
  for (const id of missing) known.set(id, null);
  for (const row of rows.rows) known.set(Number(row.id), row.name);
}

/** The selected groups of each of the germplasm, by germplasm id. */
async function memberships(db: Kysely<unknown>, groups: Map<number, string>, germplasm: readonly number[], dialect: DialectName): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (groups.size === 0) return out;
  const rows = await sql<{ foreign_id: number; group_id: number }>`SELECT DISTINCT gm.foreign_id, gm.group_id FROM groupmembers gm
    WHERE gm.group_id IN (${sql.join([...groups.keys()])}) AND ${idListSql(sql`gm.foreign_id`, germplasm, dialect)}`.execute(db);
  for (const row of rows.rows) {
    const list = out.get(Number(row.foreign_id)) ?? [];
    list.push(groups.get(Number(row.group_id)) ?? '');
    out.set(Number(row.foreign_id), list);
  }
  return out;
}

/** Germinate's group cell: the names cut to 10 characters, sorted, as a JSON array. */
function groupCell(names: readonly string[]): string {
  return JSON.stringify(names.map((name) => [...name].slice(0, 10).join('')).sort());
}

interface PivotContext {
  column: Map<number, number>;
  traitCount: number;
  dataset: ExportDataset;
  passports: Map<number, Passport>;
  names: { sites: Map<number, string | null>; treatments: Map<number, string | null> };
  /** Null when no group was selected (the groups column stays empty). */
  members: Map<number, string[]> | null;
}

type KeyPart = string | number | null;

/** The row order: by each part of the key in turn, empty parts first, numbers by value, texts by their code units. */
function compareKeys(a: readonly KeyPart[], b: readonly KeyPart[]): number {
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i], b[i]];
    if (x === y) continue;
    if (x === null) return -1;
    if (y === null) return 1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return 0;
}

interface Cell {
  date: string | null;
  id: number;
}

/** True when point `b` was recorded after `a` (no date before any date; of equal dates the one stored last). */
function later(a: Cell, b: Cell): boolean {
  if (a.date !== b.date) return a.date === null || (b.date !== null && b.date > a.date);
  return b.id > a.id;
}

function pivot(points: readonly PointRow[], plots: readonly PlotRow[], context: PivotContext): PivotRow[] {
  const { dataset, passports, names, members } = context;
  const plotById = new Map(plots.map((p) => [Number(p.id), p]));
  const rows = new Map<string, { key: KeyPart[]; row: PivotRow; cells: (Cell | null)[] }>();
  for (const point of points) {
    const at = context.column.get(Number(point.phenotype_id));
    const plot = plotById.get(Number(point.trialsetup_id));
    if (at === undefined || plot === undefined || point.phenotype_value === null) continue;
    const year = point.recording_date === null ? null : point.recording_date.slice(0, 4);
    const id = Number(plot.germplasm_id);
    const [latitude, longitude, elevation] = [num(plot.latitude), num(plot.longitude), num(plot.elevation)];
    const key: KeyPart[] = [id, num(plot.location_id), plot.rep, plot.block, year, num(plot.trial_row), num(plot.trial_column), num(plot.treatment_id), latitude, longitude, elevation];
    const text = JSON.stringify(key);
    let entry = rows.get(text);
    if (!entry) {
      const g = passports.get(id);
      const site = plot.location_id === null ? null : (names.sites.get(Number(plot.location_id)) ?? null);
      const treatment = plot.treatment_id === null ? null : (names.treatments.get(Number(plot.treatment_id)) ?? null);
      const fixed = [
        g?.name ?? null, id, g?.puid ?? null, g?.gid ?? null, g?.taxonomy ?? null, g?.parentName ?? null, g?.parentGid ?? null,
        `${dataset.id}-${dataset.name}`, dataset.version, dataset.licenseName, year, members ? groupCell(members.get(id) ?? []) : null,
        site, latitude, longitude, elevation, treatment, plot.rep, plot.block, num(plot.trial_row), num(plot.trial_column),
      ];
      entry = { key, row: { fixed, values: new Array<string | null>(context.traitCount).fill(null) }, cells: new Array<Cell | null>(context.traitCount).fill(null) };
      rows.set(text, entry);
    }
    const cell = { date: point.recording_date, id: Number(point.id) };
    const held = entry.cells[at];
    if (held === null || later(held, cell)) {
      entry.cells[at] = cell;
      entry.row.values[at] = point.phenotype_value;
    }
  }
  return [...rows.values()].sort((a, b) => compareKeys(a.key, b.key)).map((entry) => entry.row);
}
