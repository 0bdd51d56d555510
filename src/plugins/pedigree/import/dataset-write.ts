import type { Kysely } from 'kysely';
import type { CoreTables } from '../../../server/db/tables.js';
import type { ImportOptions } from '../../../server/import/importer.js';
import { PEDIGREE_DATASET_TYPE, type PedigreeTables } from '../tables.js';
import { MIAPPE_LABELS, type Datasheet } from './datasheet.js';

export type PedigreeDb = Kysely<CoreTables & PedigreeTables>;

const GENERIC_EXPERIMENT = 'Generic Experiment';
// The trials importer's text: the experiment DELETE endpoint finds the generic experiment by name and description.
const GENERIC_EXPERIMENT_DESCRIPTION = 'Experiment automatically created by the data import.';
/** locationtypes.id of dataset locations (seeded by the germplasm domain). */
const DATASET_LOCATION_TYPE = 2;
/** countries.id of "unknown country" (UNK), for LOCATION rows without a Country. */
const UNKNOWN_COUNTRY = -1;

export interface DatasetWritten {
  datasetId: number;
  created: boolean;
  attributes: number;
  locations: number;
}

/**
 * import-rules §2.2 "Dataset creation": the existing dataset named by "BrAPI Study DB ID", or a new
 * pedigree dataset in the experiment "Generic Experiment" (found or created), with its Dublin Core,
 * MIAPPE and ATTRIBUTES values as dataset attributes and its LOCATION rows as dataset locations.
 */
export async function writeDataset(db: PedigreeDb, sheet: Datasheet, options: ImportOptions): Promise<DatasetWritten> {
  const now = options.now.toISOString();
  const stamp = { created_on: now, updated_on: now };
  const meta = (label: string) => sheet.metadata.get(label) ?? null;
  let datasetId = sheet.studyId ? Number(sheet.studyId.value) : null;
  const created = datasetId === null;
  if (datasetId === null) {
    const experiment =
      (await db.selectFrom('experiments').select('id').where('experiment_name', '=', GENERIC_EXPERIMENT).orderBy('id').executeTakeFirst()) ??
      (await db
        .insertInto('experiments')
        .values({ experiment_name: GENERIC_EXPERIMENT, description: GENERIC_EXPERIMENT_DESCRIPTION, user_id: options.userId ?? null, project_id: null, experiment_date: null, ...stamp })
        .returning('id')
        .executeTakeFirstOrThrow());
    const list = (label: string) => (meta(label) === null ? [] : [meta(label) as string]);
    const dublinCore = {
      title: list('Title'), creator: [], subject: list('Subject'), description: list('Description'), publisher: list('Publisher'),
      contributor: [], date: list('Date of creation'), type: list('Type'), format: list('Format'), identifier: [],
      source: list('Source'), language: list('Language'), relation: [], coverage: [], rights: list('Rights'),
    };
    const dataset = await db
      .insertInto('datasets')
      .values({
        experiment_id: experiment.id,
        datasettype_id: PEDIGREE_DATASET_TYPE,
        name: meta('Title') ?? '',
        description: meta('Description'),
        date_start: null,
        date_end: null,
        source_file: null,
        datatype: null,
        dublin_core: JSON.stringify(dublinCore),
        version: meta('Associated data file version'),
        created_by: options.userId ?? null,
        dataset_state_id: options.datasetStateId ?? 1,
        license_id: null,
        hyperlink: null,
        contact: meta('Contact'),
        ...stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    datasetId = dataset.id;
  }

  const values = [
    ...(created ? MIAPPE_LABELS.flatMap((label) => (meta(label) === null ? [] : [{ name: label, type: 'text', value: meta(label) as string }])) : []),
    ...sheet.attributes,
  ];
  for (const value of values) {
    const attribute = await findOrCreateAttribute(db, value.name, value.type, now);
    await db.insertInto('attributedata').values({ attribute_id: attribute, foreign_id: datasetId, value: value.value, ...stamp }).execute();
  }

  const countries = new Map((await db.selectFrom('countries').select(['id', 'country_code2']).execute()).map((c) => [c.country_code2, c.id]));
  const linked = new Set<number>();
  for (const location of sheet.locations) {
    const country = location.country === null ? UNKNOWN_COUNTRY : (countries.get(location.country) ?? UNKNOWN_COUNTRY);
    const spec = {
      site_name: location.name, site_name_short: location.shortName, country_id: country,
      elevation: location.elevation, latitude: location.latitude, longitude: location.longitude,
    };
    let query = db.selectFrom('locations').select('id');
    for (const [column, value] of Object.entries(spec) as [keyof typeof spec, string | number | null][]) {
      query = value === null ? query.where(column, 'is', null) : query.where(column, '=', value);
    }
    const found = await query.orderBy('id').executeTakeFirst();
    const id = found?.id ?? (await db.insertInto('locations').values({ ...spec, locationtype_id: DATASET_LOCATION_TYPE, ...stamp }).returning('id').executeTakeFirstOrThrow()).id;
    if (linked.has(id)) continue;
    linked.add(id);
    const exists = await db.selectFrom('datasetlocations').select('location_id').where('dataset_id', '=', datasetId).where('location_id', '=', id).executeTakeFirst();
    if (!exists) await db.insertInto('datasetlocations').values({ dataset_id: datasetId, location_id: id, ...stamp }).execute();
  }
  return { datasetId, created, attributes: values.length, locations: linked.size };
}

/** Dataset attributes are found by name (case-insensitive) among those of datasets, or created. */
async function findOrCreateAttribute(db: PedigreeDb, name: string, datatype: string, now: string): Promise<number> {
  const rows = await db.selectFrom('attributes').select(['id', 'name']).where('target_table', '=', 'datasets').orderBy('id').execute();
  const found = rows.find((row) => row.name.toLowerCase() === name.toLowerCase());
  if (found) return found.id;
  const created = await db
    .insertInto('attributes')
    .values({ name, description: null, datatype, target_table: 'datasets', created_on: now, updated_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}
