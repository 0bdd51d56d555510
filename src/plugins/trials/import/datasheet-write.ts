import type { ImportOptions, ParsedFile } from '../../../server/import/importer.js';
import type { TrialsDb } from './bulk.js';
import { ATTRIBUTES, brapiStudy, LOCATION, METADATA, MIAPPE_LABELS, readAttributes, readMetadata, readSites } from './datasheet-check.js';

/** Datasets made by imports hang off this experiment (Germinate's fixed name and description). */
export const GENERIC_EXPERIMENT = 'Generic Experiment';
const GENERIC_EXPERIMENT_DESCRIPTION = 'Experiment automatically created by the data import.';
/** Trial sites from the LOCATION sheet get Germinate's location type 2 (import-rules §2.2). */
const SITE_LOCATION_TYPE = 2;
const UNKNOWN_COUNTRY = -1;

export interface DatasheetResult {
  datasetId: number;
  /** lower-cased LOCATION Name → locations.id */
  sites: Map<string, number>;
  createdDataset: boolean;
}

const DUBLIN_CORE: [string, string][] = [
  ['title', 'Title'], ['description', 'Description'], ['rights', 'Rights'], ['date', 'Date of creation'], ['publisher', 'Publisher'],
  ['format', 'Format'], ['language', 'Language'], ['source', 'Source'], ['type', 'Type'], ['subject', 'Subject'],
];

/** Writes the checked datasheet part: locations, the dataset (unless the file names one), its attributes. */
export async function writeDatasheet(file: ParsedFile, db: TrialsDb, options: ImportOptions, datasettypeId: number): Promise<DatasheetResult> {
  const now = options.now.toISOString();
  const sites = new Map<string, number>();
  const siteIds = new Set<number>();
  const countries = new Map((await db.selectFrom('countries').select(['id', 'country_code2']).execute()).map((c) => [c.country_code2, c.id]));
  for (const site of readSites(file.sheets.get(LOCATION))) {
    const countryId = site.countryCode === null ? UNKNOWN_COUNTRY : (countries.get(site.countryCode) ?? UNKNOWN_COUNTRY);
    const candidates = await db.selectFrom('locations').selectAll().where('site_name', '=', site.name).where('country_id', '=', countryId).execute();
    const same = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.abs(Number(a) - b) < 1e-9);
    const found = candidates.find(
      (l) => l.site_name_short === site.shortName && same(l.elevation, site.elevation) && same(l.latitude, site.latitude) && same(l.longitude, site.longitude),
    );
    const id =
      found?.id ??
      (
        await db
          .insertInto('locations')
          .values({
            locationtype_id: SITE_LOCATION_TYPE, country_id: countryId, site_name: site.name, site_name_short: site.shortName,
            elevation: site.elevation, latitude: site.latitude, longitude: site.longitude, created_on: now, updated_on: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    if (!sites.has(site.name.toLowerCase())) sites.set(site.name.toLowerCase(), id);
    siteIds.add(id);
  }

  // A `BrAPI Study DB ID` attribute names an existing trials dataset (checked) to add the data to.
  const studyId = brapiStudy(file.sheets.get(ATTRIBUTES))?.id ?? null;
  const createdDataset = studyId === null;
  let datasetId: number;
  if (studyId !== null) {
    datasetId = studyId;
  } else {
    const meta = readMetadata(file.sheets.get(METADATA)).values;
    const value = (label: string) => meta.get(label) ?? null;
    let experiment = await db.selectFrom('experiments').select('id').where('experiment_name', '=', GENERIC_EXPERIMENT).orderBy('id').executeTakeFirst();
    experiment ??= await db
      .insertInto('experiments')
      .values({ experiment_name: GENERIC_EXPERIMENT, description: GENERIC_EXPERIMENT_DESCRIPTION, user_id: options.userId ?? null, project_id: null, experiment_date: null, created_on: now, updated_on: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dublinCore = Object.fromEntries(DUBLIN_CORE.flatMap(([key, label]) => (value(label) === null ? [] : [[key, [value(label)]]])));
    datasetId = (
      await db
        .insertInto('datasets')
        .values({
          experiment_id: experiment.id, datasettype_id: datasettypeId, name: value('Title') ?? '', description: value('Description'),
          date_start: null, date_end: null, source_file: null, datatype: null, dublin_core: JSON.stringify(dublinCore), version: null,
          created_by: options.userId ?? null, dataset_state_id: options.datasetStateId ?? 1, license_id: null, hyperlink: null,
          contact: value('Contact'), created_on: now, updated_on: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const miappe = MIAPPE_LABELS.flatMap((label) => (value(label) === null ? [] : [{ name: label, type: 'text', value: value(label) as string }]));
    await writeAttributes(db, datasetId, miappe, now);
  }
  await writeAttributes(db, datasetId, readAttributes(file.sheets.get(ATTRIBUTES)), now);
  if (siteIds.size > 0) {
    const linked = new Set((await db.selectFrom('datasetlocations').select('location_id').where('dataset_id', '=', datasetId).execute()).map((r) => r.location_id));
    const links = [...siteIds].filter((id) => !linked.has(id)).map((location_id) => ({ dataset_id: datasetId, location_id, created_on: now, updated_on: now }));
    if (links.length > 0) await db.insertInto('datasetlocations').values(links).execute();
  }
  return { datasetId, sites, createdDataset };
}

/** Dataset attributes: found by name ignoring case (target `datasets`) or created; one value row each. */
async function writeAttributes(db: TrialsDb, datasetId: number, rows: { name: string; type: string; value: string }[], now: string): Promise<void> {
  if (rows.length === 0) return;
  const known = await db.selectFrom('attributes').select(['id', 'name']).where('target_table', '=', 'datasets').orderBy('id').execute();
  const ids = new Map<string, number>();
  for (const a of known.reverse()) ids.set(a.name.toLowerCase(), a.id);
  for (const row of rows) {
    let id = ids.get(row.name.toLowerCase());
    if (id === undefined) {
      id = (
        await db
          .insertInto('attributes')
          .values({ name: row.name, description: null, datatype: row.type, target_table: 'datasets', created_on: now, updated_on: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      ids.set(row.name.toLowerCase(), id);
    }
    await db.insertInto('attributedata').values({ attribute_id: id, foreign_id: datasetId, value: row.value, created_on: now, updated_on: now }).execute();
  }
}
