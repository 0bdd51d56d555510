import { CompiledQuery, sql, type Kysely } from 'kysely';
import { bulkInsert, chunks } from '../../../server/import/bulk.js';
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

/**
 * The id of every marker name (case-insensitive, the oldest marker of a name), creating the missing ones with
 * the file's marker type, in batches.
 */
export async function markerIds(target: ImportDb, names: readonly string[], markertypeId: number, options: ImportOptions): Promise<{ ids: number[]; created: number }> {
  const ids = new Map<string, number>();
  const pg = target.dialect === 'postgres';
  for (const batch of chunks(names.map((n) => n.toLowerCase()), pg ? 10_000 : 900)) {
    options.signal?.throwIfAborted();
    const text = pg
      ? 'SELECT id, lower(marker_name) AS name FROM markers WHERE lower(marker_name) = ANY($1::text[]) ORDER BY id DESC'
      : `SELECT id, lower(marker_name) AS name FROM markers WHERE lower(marker_name) IN (${batch.map(() => '?').join(', ')}) ORDER BY id DESC`;
    const rows = await target.db.executeQuery<{ id: number; name: string }>(CompiledQuery.raw(text, pg ? [batch] : batch));
    for (const row of rows.rows) ids.set(row.name, Number(row.id));
  }
  const stamp = stampOf(options);
  const missing = [...new Set(names.filter((name) => !ids.has(name.toLowerCase())))];
  const created = await bulkInsert<{ id: number; marker_name: string }>(
    target,
    'markers',
    [{ name: 'markertype_id', type: 'integer' }, { name: 'marker_name', type: 'text' }, { name: 'created_on', type: 'text' }, { name: 'updated_on', type: 'text' }],
    missing.map((name) => [markertypeId, name, stamp.created_on, stamp.updated_on]),
    { returning: ['id', 'marker_name'], signal: options.signal },
  );
  for (const row of created) ids.set(row.marker_name.toLowerCase(), Number(row.id));
  return { ids: names.map((name) => ids.get(name.toLowerCase()) as number), created: created.length };
}

/** A new visible map owned by the importing user, with one definition per (marker id, chromosome, position). */
export async function writeMap(
  target: ImportDb,
  name: string,
  featuretypeId: number,
  definitions: readonly (readonly [markerId: number, chromosome: string, position: number])[],
  options: ImportOptions,
): Promise<number> {
  const db = target.db.withTables<GenotypesTables>() as unknown as Db;
  const stamp = stampOf(options);
  const map = await db.insertInto('maps').values({ name, description: name, visibility: 1, user_id: options.userId ?? null, ...stamp }).returning('id').executeTakeFirstOrThrow();
  await bulkInsert(
    target,
    'mapdefinitions',
    [
      { name: 'mapfeaturetype_id', type: 'integer' }, { name: 'marker_id', type: 'integer' }, { name: 'map_id', type: 'integer' },
      { name: 'definition_start', type: 'double precision' }, { name: 'chromosome', type: 'text' }, { name: 'created_on', type: 'text' }, { name: 'updated_on', type: 'text' },
    ],
    definitions.map(([markerId, chromosome, position]) => [featuretypeId, markerId, map.id, position, chromosome, stamp.created_on, stamp.updated_on]),
    { signal: options.signal },
  );
  return map.id;
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
    const definitions = [...staged.positions].map(([index, at]) => [markers[index], at.chromosome, at.position] as const);
    map = { id: await writeMap(target, names.map, featuretypeId, definitions, options), definitions: definitions.length };
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
  const member = (type: number) => (id: number) => [datasetId, id, type, stamp.created_on, stamp.updated_on];
  await bulkInsert(
    target,
    'datasetmembers',
    [{ name: 'dataset_id', type: 'integer' }, { name: 'foreign_id', type: 'integer' }, { name: 'datasetmembertype_id', type: 'integer' }, { name: 'created_on', type: 'text' }, { name: 'updated_on', type: 'text' }],
    [...[...new Set(markers)].map(member(MEMBER_TYPE.markers)), ...[...germplasm].map(member(MEMBER_TYPE.germplasm))],
    { signal: options.signal },
  );
  const newGermplasm = options.createGermplasm ? created.size : null;
  return { datasetId, newMarkers, map, germplasm: germplasm.size, newGermplasm, markers: new Set(markers).size };
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
