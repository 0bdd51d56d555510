import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../../server/db/database.js';
import { mapChromosomes } from '../maps/map.js';
import type { Footer } from '../storage/matrix-format.js';
import { MEMBER_TYPE } from '../tables.js';
import type { ChromosomeBand } from './request.js';

type Db = Kysely<unknown>;

/** The grid's rows: matrix row indexes in display order, with each row's germplasm id and label. */
export interface RowAxis {
  index: Int32Array;
  ids: Int32Array;
  labels: string[];
}

/** The grid's columns: matrix column indexes in display order, with marker ids, names and map places. */
export interface ColumnAxis {
  index: Int32Array;
  ids: (number | null)[];
  names: string[];
  /** Chromosome and position of each column when a map orders them. */
  chromosomes: string[] | null;
  positions: number[] | null;
  bands: ChromosomeBand[] | null;
}

interface GermplasmRow {
  id: number;
  name: string;
  display_name: string | null;
}

/**
 * The rows: matrix rows matched to the dataset's germplasm members as the import matched them (the name
 * without regard to case, the lowest id among equal names; else a display name only one member has), each
 * member once, those `chosen` (null = all), in file order, or in `order` (germplasm ids) with any rows it
 * does not name after it in file order.
 */
export async function rowAxis(db: Db, datasetId: number, footer: Pick<Footer, 'rowNames'>, chosen: readonly number[] | null, order: readonly number[] | null): Promise<RowAxis> {
  const members = await sql<GermplasmRow>`SELECT g.id, g.name, g.display_name FROM datasetmembers dm JOIN germinatebase g ON g.id = dm.foreign_id
    WHERE dm.dataset_id = ${datasetId} AND dm.datasetmembertype_id = ${MEMBER_TYPE.germplasm} ORDER BY g.id`.execute(db);
  const byName = new Map<string, GermplasmRow>();
  const byDisplay = new Map<string, GermplasmRow | null>();
  for (const row of members.rows) {
    const key = row.name.toLowerCase();
    if (!byName.has(key)) byName.set(key, row);
    const display = (row.display_name ?? '').toLowerCase();
    if (display !== '') byDisplay.set(display, byDisplay.has(display) ? null : row);
  }
  const wanted = chosen ? new Set(chosen) : null;
  const taken = new Set<number>();
  const found: { index: number; id: number; label: string }[] = [];
  footer.rowNames.forEach((name, index) => {
    const key = name.toLowerCase();
    const member = byName.get(key) ?? byDisplay.get(key);
    if (!member) return;
    const id = Number(member.id);
    if (taken.has(id) || (wanted && !wanted.has(id))) return;
    taken.add(id);
    found.push({ index, id, label: member.display_name || member.name });
  });
  let ordered = found;
  if (order && order.length > 0) {
    const byId = new Map(found.map((row) => [row.id, row]));
    const placed = new Set<number>();
    ordered = [];
    for (const id of order) {
      const row = byId.get(id);
      if (row && !placed.has(id)) {
        placed.add(id);
        ordered.push(row);
      }
    }
    for (const row of found) if (!placed.has(row.id)) ordered.push(row);
  }
  return { index: Int32Array.from(ordered, (r) => r.index), ids: Int32Array.from(ordered, (r) => r.id), labels: ordered.map((r) => r.label) };
}

/**
 * The columns: the matrix's markers (each with its id among the dataset's marker members), those `chosen`
 * (null = all) in file order; with a map, only the markers on it, in its order (chromosomes in the project's
 * text order, then position, then definition), each at its first definition, with the chromosomes' bands.
 */
export async function columnAxis(db: Db, dialect: DialectName, datasetId: number, footer: Pick<Footer, 'columnNames'>, chosen: readonly number[] | null, mapId: number | null): Promise<ColumnAxis> {
  const members = await sql<{ id: number; marker_name: string }>`SELECT m.id, m.marker_name FROM datasetmembers dm JOIN markers m ON m.id = dm.foreign_id
    WHERE dm.dataset_id = ${datasetId} AND dm.datasetmembertype_id = ${MEMBER_TYPE.markers} ORDER BY m.id`.execute(db);
  const idOf = new Map<string, number>();
  for (const row of members.rows) {
    const key = row.marker_name.toLowerCase();
    if (!idOf.has(key)) idOf.set(key, Number(row.id));
  }
  const wanted = chosen ? new Set(chosen) : null;
  const columnOf = new Map<string, number>();
  footer.columnNames.forEach((name, index) => {
    const key = name.toLowerCase();
    if (!columnOf.has(key)) columnOf.set(key, index);
  });
  const keep = (id: number | null) => !wanted || (id !== null && wanted.has(id));

  if (mapId === null) {
    const index: number[] = [];
    const ids: (number | null)[] = [];
    const names: string[] = [];
    footer.columnNames.forEach((name, column) => {
      const id = idOf.get(name.toLowerCase()) ?? null;
      if (!keep(id)) return;
      index.push(column);
      ids.push(id);
      names.push(name);
    });
    return { index: Int32Array.from(index), ids, names, chromosomes: null, positions: null, bands: null };
  }

  const axis: ColumnAxis = { index: new Int32Array(0), ids: [], names: [], chromosomes: [], positions: [], bands: [] };
  const index: number[] = [];
  const placed = new Set<number>();
  const memberIds = sql`SELECT dm.foreign_id FROM datasetmembers dm WHERE dm.dataset_id = ${datasetId} AND dm.datasetmembertype_id = ${MEMBER_TYPE.markers}`;
  for (const chromosome of await mapChromosomes(db, dialect, mapId)) {
    const rows = await sql<{ marker_id: number; marker_name: string; definition_start: number }>`SELECT md.marker_id, m.marker_name, md.definition_start
      FROM mapdefinitions md JOIN markers m ON m.id = md.marker_id
      WHERE md.map_id = ${mapId} AND md.chromosome = ${chromosome} AND md.marker_id IN (${memberIds})
      ORDER BY md.definition_start, md.id`.execute(db);
    const start = index.length;
    for (const row of rows.rows) {
      const id = Number(row.marker_id);
      const column = columnOf.get(row.marker_name.toLowerCase());
      if (column === undefined || placed.has(id) || !keep(id)) continue;
      placed.add(id);
      index.push(column);
      axis.ids.push(id);
      axis.names.push(footer.columnNames[column]);
      axis.chromosomes?.push(chromosome);
      axis.positions?.push(Number(row.definition_start));
    }
    if (index.length > start) axis.bands?.push({ chromosome, start, count: index.length - start });
  }
  axis.index = Int32Array.from(index);
  return axis;
}
