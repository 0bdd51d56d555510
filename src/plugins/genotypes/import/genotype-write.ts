import { CompiledQuery, sql, type Kysely } from 'kysely';
import { bulkInsert, type BulkColumn } from '../../../server/import/bulk.js';
import { writeDatasheet } from '../../../server/import/datasheet-write.js';
import { loadGermplasmLookup } from '../../../server/import/germplasm-lookup.js';
import type { ImportDb, ImportOptions, ImportStats, ParsedFile } from '../../../server/import/importer.js';
import { GENOTYPE_DATASET_TYPE, MEMBER_TYPE, type GenotypesTables } from '../tables.js';
import { createUnknownGermplasm } from './create-germplasm.js';
import type { StagedFile, StagedMatrix } from './genotype-stage.js';

/** What names the dataset, its map and its markers' technology, from the workbook's METADATA or the file. */
export interface GenotypeNames {
  dataset: string;
  map: string;
  markerType: string;
}

type Db = Kysely<GenotypesTables & { experiments: { id: number; experiment_name: string; description: string | null; user_id: number | null } }>;

export const stampOf = (options: ImportOptions) => ({ created_on: options.now.toISOString(), updated_on: options.now.toISOString() });

/** A row of `table` whose `column` equals `value` ignoring case (the oldest), or a new one. */
export async function findOrCreate(db: Db, table: 'markertypes' | 'mapfeaturetypes', value: string, stamp: ReturnType<typeof stampOf>): Promise<number> {
  const found = await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE lower(description) = ${value.toLowerCase()} ORDER BY id LIMIT 1`.execute(db);
  if (found.rows[0]) return Number(found.rows[0].id);
  const created = await db.insertInto(table).values({ description: value, ...stamp }).returning('id').executeTakeFirstOrThrow();
  return created.id;
}

/** Names per batch of the marker lookup and of the rows written per statement group: memory stays a batch. */
const BATCH = { postgres: 10_000, sqlite: 900 } as const;

const MARKER_COLUMNS: BulkColumn[] = [
  { name: 'markertype_id', type: 'integer' }, { name: 'marker_name', type: 'text' }, { name: 'created_on', type: 'text' }, { name: 'updated_on', type: 'text' },
];

/**
 * The id of every marker name (case-insensitive, the oldest marker of a name), creating the missing ones with
 * the file's marker type, a batch of names at a time: a later batch finds what an earlier one created, so a
 * name met twice gets one marker, and no structure grows with the file but the ids themselves.
 */
export async function markerIds(target: ImportDb, names: readonly string[], markertypeId: number, options: ImportOptions): Promise<{ ids: Int32Array; created: number }> {
  const pg = target.dialect === 'postgres';
  const stamp = stampOf(options);
  const ids = new Int32Array(names.length);
  let created = 0;
  const text = (count: number) =>
    pg
      ? 'SELECT id, lower(marker_name) AS name FROM markers WHERE lower(marker_name) = ANY($1::text[]) ORDER BY id DESC'
      : `SELECT id, lower(marker_name) AS name FROM markers WHERE lower(marker_name) IN (${Array(count).fill('?').join(', ')}) ORDER BY id DESC`;
  const size = BATCH[target.dialect];
  for (let start = 0; start < names.length; start += size) {
    options.signal?.throwIfAborted();
    const batch = names.slice(start, start + size).map((name) => name.toLowerCase());
    const unique = [...new Set(batch)];
    const rows = await target.db.executeQuery<{ id: number; name: string }>(CompiledQuery.raw(text(unique.length), pg ? [unique] : unique));
    // Rows come newest first, so the oldest marker of a name is the one left in the map.
    const found = new Map<string, number>();
    for (const row of rows.rows) found.set(row.name, Number(row.id));
    const missing = unique.filter((name) => !found.has(name));
    if (missing.length > 0) {
      const original = new Map<string, string>();
      names.slice(start, start + size).forEach((name) => original.has(name.toLowerCase()) || original.set(name.toLowerCase(), name));
      const inserted = await bulkInsert<{ id: number; marker_name: string }>(
        target,
        'markers',
        MARKER_COLUMNS,
        missing.map((name) => [markertypeId, original.get(name) ?? name, stamp.created_on, stamp.updated_on]),
        { returning: ['id', 'marker_name'] },
      );
      for (const row of inserted) found.set(row.marker_name.toLowerCase(), Number(row.id));
      created += inserted.length;
    }
    batch.forEach((name, i) => (ids[start + i] = found.get(name) ?? 0));
  }
  return { ids, created };
}

/** One map definition: marker id, chromosome, position. */
export type Definition = readonly [markerId: number, chromosome: string, position: number];

const DEFINITION_COLUMNS: BulkColumn[] = [
  { name: 'mapfeaturetype_id', type: 'integer' }, { name: 'marker_id', type: 'integer' }, { name: 'map_id', type: 'integer' },
  { name: 'definition_start', type: 'double precision' }, { name: 'chromosome', type: 'text' }, { name: 'created_on', type: 'text' }, { name: 'updated_on', type: 'text' },
];

/**
 * A new visible map owned by the importing user, with one definition per (marker id, chromosome, position),
 * written batch by batch as they come; answers the map's id and how many definitions it got.
 */
export async function writeMap(target: ImportDb, name: string, featuretypeId: number, batches: Iterable<readonly Definition[]>, options: ImportOptions): Promise<{ id: number; definitions: number }> {
  const db = target.db.withTables<GenotypesTables>() as unknown as Db;
  const stamp = stampOf(options);
  const map = await db.insertInto('maps').values({ name, description: name, visibility: 1, user_id: options.userId ?? null, ...stamp }).returning('id').executeTakeFirstOrThrow();
  let definitions = 0;
  for (const batch of batches) {
    options.signal?.throwIfAborted();
    const rows = batch.map(([markerId, chromosome, position]) => [featuretypeId, markerId, map.id, position, chromosome, stamp.created_on, stamp.updated_on]);
    await bulkInsert(target, 'mapdefinitions', DEFINITION_COLUMNS, rows);
    definitions += rows.length;
  }
  return { id: map.id, definitions };
}

/** A new dataset of the given type named by the file, in the experiment of that name (found or created). */
async function createDataset(db: Db, name: string, datasetType: number, options: ImportOptions): Promise<number> {
  const stamp = stampOf(options);
  const experiment =
    (await db.selectFrom('experiments').select('id').where('experiment_name', '=', name).orderBy('id').executeTakeFirst()) ??
    (await db.insertInto('experiments').values({ experiment_name: name, description: name, user_id: options.userId ?? null, ...stamp } as never).returning('id').executeTakeFirstOrThrow());
  const dataset = await sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, description, created_by, dataset_state_id, created_on, updated_on)
    VALUES (${experiment.id}, ${datasetType}, ${name}, ${name}, ${options.userId ?? null}, ${options.datasetStateId ?? 1}, ${stamp.created_on}, ${stamp.updated_on}) RETURNING id`.execute(db);
  return Number(dataset.rows[0].id);
}

/** What the database part of a dataset import wrote. */
export interface WrittenDataset {
  datasetId: number;
  /** Markers created for it (the others were found by name). */
  newMarkers: number;
  /** The file's map, when it has positions. */
  map: { id: number; definitions: number } | null;
  germplasm: number;
  /** Germplasm created for it (ImportOptions.createGermplasm); null when the import was not asked to. */
  newGermplasm: number | null;
  markers: number;
}

/**
 * The database part of a genotype or allele-frequency import, in the pipeline's transaction: the marker type,
 * the markers (found by name or created), the dataset of the given type (from the workbook's datasheet, or
 * named by the file) pointing at the staged file, the file's map when it carries positions, and the
 * dataset's members (its markers and the germplasm found by name, or created when the curator asked).
 */
export async function writeDataset(
  staged: StagedFile,
  datasheet: ParsedFile | null,
  target: ImportDb,
  names: GenotypeNames,
  options: ImportOptions,
  datasetType: number,
): Promise<WrittenDataset> {
  const db = target.db.withTables<GenotypesTables>() as unknown as Db;
  const stamp = stampOf(options);
  const markertypeId = await findOrCreate(db, 'markertypes', names.markerType, stamp);
  const { ids: markers, created: newMarkers } = await markerIds(target, staged.markers, markertypeId, options);
  const datasetId = datasheet ? (await writeDatasheet(datasheet, target, options, datasetType)).datasetId : await createDataset(db, names.dataset, datasetType, options);
  await sql`UPDATE datasets SET source_file = ${staged.fileName} WHERE id = ${datasetId}`.execute(db);

  let map: WrittenDataset['map'] = null;
  if (staged.positions.size > 0) {
    const featuretypeId = await findOrCreate(db, 'mapfeaturetypes', names.markerType, stamp);
    const definitions = function* (): Generator<Definition[]> {
      for (const batch of staged.positions.batches(BATCH.postgres)) yield batch.map((place) => [markers[place.marker], place.chromosome, place.position] as const);
    };
    map = await writeMap(target, names.map, featuretypeId, definitions(), options);
  }

  const lookup = await loadGermplasmLookup(target.db.withTables<{ germinatebase: { id: number; name: string; display_name: string } }>());
  // Before the members: the names the check let through as to be created get their germplasm now.
  const created = options.createGermplasm ? await createUnknownGermplasm(target, lookup, staged.germplasm, options) : new Map<string, number>();
  const germplasm = new Set<number>();
  for (const name of staged.germplasm) {
    const match = lookup.resolve(name);
    const id = 'id' in match ? match.id : created.get(name.toLowerCase());
    if (id !== undefined) germplasm.add(id);
  }
  const markerMembers = distinctIds(markers);
  const member = (type: number) => (id: number) => [datasetId, id, type, stamp.created_on, stamp.updated_on];
  for (let start = 0; start < markerMembers.length; start += BATCH.postgres) {
    options.signal?.throwIfAborted();
    await bulkInsert(target, 'datasetmembers', MEMBER_COLUMNS, Array.from(markerMembers.subarray(start, start + BATCH.postgres), member(MEMBER_TYPE.markers)));
  }
  await bulkInsert(target, 'datasetmembers', MEMBER_COLUMNS, [...germplasm].map(member(MEMBER_TYPE.germplasm)), { signal: options.signal });
  const newGermplasm = options.createGermplasm ? created.size : null;
  return { datasetId, newMarkers, map, germplasm: germplasm.size, newGermplasm, markers: markerMembers.length };
}

const MEMBER_COLUMNS: BulkColumn[] = [
  { name: 'dataset_id', type: 'integer' }, { name: 'foreign_id', type: 'integer' }, { name: 'datasetmembertype_id', type: 'integer' }, { name: 'created_on', type: 'text' }, { name: 'updated_on', type: 'text' },
];

/** The distinct ids, ascending: a sorted copy with repeats left out (4 bytes an id, where a Set takes about 30). */
export function distinctIds(ids: Int32Array): Int32Array {
  const sorted = Int32Array.from(ids).sort();
  let kept = 0;
  for (let i = 0; i < sorted.length; i += 1) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[kept++] = sorted[i];
  return sorted.subarray(0, kept);
}

/** The database part of a genotype import (dataset type 1): the dataset and its staged matrix file. */
export async function writeGenotypes(staged: StagedMatrix, datasheet: ParsedFile | null, target: ImportDb, names: GenotypeNames, options: ImportOptions): Promise<ImportStats> {
  const written = await writeDataset(staged, datasheet, target, names, options, GENOTYPE_DATASET_TYPE);
  return {
    datasetId: written.datasetId, germplasm: written.germplasm, ...newGermplasmStat(written), markers: written.markers,
    mapDefinitions: written.map?.definitions ?? 0, calls: staged.calls,
  };
}

/** The stat `newGermplasm`, when the import was asked to create germplasm (else no such stat). */
export function newGermplasmStat(written: WrittenDataset): ImportStats {
  return written.newGermplasm === null ? {} : { newGermplasm: written.newGermplasm };
}
