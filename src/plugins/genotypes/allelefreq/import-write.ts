import { sql, type Kysely } from 'kysely';
import { bulkInsert } from '../../../server/import/bulk.js';
import { writeDatasheet } from '../../../server/import/datasheet-write.js';
import { loadGermplasmLookup } from '../../../server/import/germplasm-lookup.js';
import type { ImportDb, ImportOptions, ImportStats, ParsedFile } from '../../../server/import/importer.js';
import { findOrCreate, markerIds, stampOf, writeMap, type GenotypeNames } from '../import/genotype-write.js';
import { ALLELEFREQ_DATASET_TYPE, MEMBER_TYPE, type GenotypesTables } from '../tables.js';
import type { StagedFrequencies } from './import-stage.js';

type Db = Kysely<GenotypesTables & { experiments: { id: number; experiment_name: string; description: string | null; user_id: number | null } }>;

/** A new allele-frequency dataset named by the file, in the experiment of that name (found or created). */
async function createDataset(db: Db, name: string, options: ImportOptions): Promise<number> {
  const stamp = stampOf(options);
  const experiment =
    (await db.selectFrom('experiments').select('id').where('experiment_name', '=', name).orderBy('id').executeTakeFirst()) ??
    (await db.insertInto('experiments').values({ experiment_name: name, description: name, user_id: options.userId ?? null, ...stamp } as never).returning('id').executeTakeFirstOrThrow());
  const dataset = await sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, description, created_by, dataset_state_id, created_on, updated_on)
    VALUES (${experiment.id}, ${ALLELEFREQ_DATASET_TYPE}, ${name}, ${name}, ${options.userId ?? null}, ${options.datasetStateId ?? 1}, ${stamp.created_on}, ${stamp.updated_on}) RETURNING id`.execute(db);
  return Number(dataset.rows[0].id);
}

/**
 * The database part of an allele-frequency import, in the pipeline's transaction, as the genotype import
 * does it: the marker type, the markers (found by name or created), the dataset (type 4, from the workbook's
 * datasheet or named by the file) pointing at the staged file, the file's map when it has map rows, and the
 * dataset's members (its markers and germplasm).
 */
export async function writeFrequencies(staged: StagedFrequencies, datasheet: ParsedFile | null, target: ImportDb, names: GenotypeNames, options: ImportOptions): Promise<ImportStats> {
  const db = target.db.withTables<GenotypesTables>() as unknown as Db;
  const stamp = stampOf(options);
  const markertypeId = await findOrCreate(db, 'markertypes', names.markerType, stamp);
  const { ids: markers, created } = await markerIds(target, staged.markers, markertypeId, options);
  const datasetId = datasheet ? (await writeDatasheet(datasheet, target, options, ALLELEFREQ_DATASET_TYPE)).datasetId : await createDataset(db, names.dataset, options);
  await sql`UPDATE datasets SET source_file = ${staged.fileName} WHERE id = ${datasetId}`.execute(db);

  const stats: ImportStats = { datasetId, newMarkers: created };
  if (staged.positions.size > 0) {
    const featuretypeId = await findOrCreate(db, 'mapfeaturetypes', names.markerType, stamp);
    const definitions = [...staged.positions].map(([index, at]) => [markers[index], at.chromosome, at.position] as const);
    stats.mapId = await writeMap(target, names.map, featuretypeId, definitions, options);
    stats.mapDefinitions = definitions.length;
  }

  const lookup = await loadGermplasmLookup(target.db.withTables<{ germinatebase: { id: number; name: string; display_name: string } }>());
  const germplasm = new Set<number>();
  for (const name of staged.germplasm) {
    const match = lookup.resolve(name);
    if ('id' in match) germplasm.add(match.id);
  }
  const member = (type: number) => (id: number) => [datasetId, id, type, stamp.created_on, stamp.updated_on];
  await bulkInsert(
    target,
    'datasetmembers',
    [{ name: 'dataset_id', type: 'integer' }, { name: 'foreign_id', type: 'integer' }, { name: 'datasetmembertype_id', type: 'integer' }, { name: 'created_on', type: 'text' }, { name: 'updated_on', type: 'text' }],
    [...[...new Set(markers)].map(member(MEMBER_TYPE.markers)), ...[...germplasm].map(member(MEMBER_TYPE.germplasm))],
    { signal: options.signal },
  );
  return { ...stats, germplasm: germplasm.size, markers: new Set(markers).size };
}
