import type { Kysely } from 'kysely';
import type { CoreTables } from '../../../server/db/tables.js';
import type { ImportOptions, ParsedFile } from '../../../server/import/importer.js';
import type { ClimateDatatype, ClimateTables } from '../tables.js';
import { ATTRIBUTE_TYPES, metadataValues, STUDY_ID_ATTRIBUTE } from './datasheet-checks.js';
import { parseDecimal, parseInteger } from './values.js';

export type DatasheetDb = Kysely<CoreTables & ClimateTables>;

/** Germinate files every template dataset under this experiment (import-rules §2.2). */
const EXPERIMENT_NAME = 'Generic Experiment';
const EXPERIMENT_DESCRIPTION = 'Experiment automatically created by the data import.';
/** locationtypes 2: dataset locations (schema.md §4 A). */
const DATASET_LOCATION_TYPE = 2;
/** countries −1: unknown country (locations.country_id is NOT NULL). */
const UNKNOWN_COUNTRY = -1;
/** METADATA rows kept as dataset attributes (MIAPPE); Germinate's label case is used throughout. */
const MIAPPE_LABELS = [
  'Investigation Title', 'Investigation Description', 'Investigation unique ID', 'Associated data file link',
  'Associated data file description', 'Associated data file version',
];
const DUBLIN_CORE: [label: string, key: string][] = [
  ['Title', 'title'], ['Rights', 'rights'], ['Date of creation', 'date'], ['Publisher', 'publisher'], ['Format', 'format'],
  ['Language', 'language'], ['Source', 'source'], ['Type', 'type'], ['Subject', 'subject'],
];

export interface DatasheetResult {
  datasetId: number;
  /** Whether the dataset was created by this import (false: an existing one named by BrAPI Study DB ID). */
  created: boolean;
  /** LOCATION sheet Name → locations.id */
  locations: Map<string, number>;
  newLocations: number;
  attributeValues: number;
}

/**
 * Writes the datasheet part (import-rules §2.2): locations (found or created) linked to the dataset, the
 * dataset under the generic experiment (or the existing one the ATTRIBUTES sheet names), and the MIAPPE
 * and ATTRIBUTES rows as dataset attributes. Unlike Germinate the Dublin Core title is the Title (Germinate
 * overwrote it with the Description) and `Investigation unique ID` is stored like the other MIAPPE rows.
 * COLLABORATORS is checked but not stored: there are no collaborator tables yet.
 */
export async function writeDatasheet(file: ParsedFile, db: DatasheetDb, options: ImportOptions, datasettypeId: number): Promise<DatasheetResult> {
  const now = options.now.toISOString();
  const stamp = { created_on: now, updated_on: now };
  const meta = metadataValues(file.sheets.get('METADATA'));
  const attributeRows = (file.sheets.get('ATTRIBUTES')?.rows ?? []).map((r) => ({ name: r.cells[0] ?? null, type: r.cells[1] ?? null, value: r.cells[2] ?? null }));
  const studyRow = attributeRows.find((a) => a.name === STUDY_ID_ATTRIBUTE);
  const studyId = studyRow?.value ? parseInteger(studyRow.value) : null;

  let datasetId: number;
  if (studyId !== null) {
    datasetId = studyId;
  } else {
    const experiment = await db.selectFrom('experiments').select('id').where('experiment_name', '=', EXPERIMENT_NAME).orderBy('id').executeTakeFirst();
    const experimentId =
      experiment?.id ??
      (await db
        .insertInto('experiments')
        .values({ experiment_name: EXPERIMENT_NAME, description: EXPERIMENT_DESCRIPTION, user_id: options.userId ?? null, project_id: null, experiment_date: null, ...stamp })
        .returning('id')
        .executeTakeFirstOrThrow()).id;
    const dublinCore: Record<string, string[]> = {};
    for (const [label, key] of DUBLIN_CORE) {
      const value = meta.get(label);
      if (value) dublinCore[key] = [value];
    }
    datasetId = (
      await db
        .insertInto('datasets')
        .values({
          experiment_id: experimentId, datasettype_id: datasettypeId, name: meta.get('Title') ?? file.source?.name ?? 'Dataset',
          description: meta.get('Description') ?? null, date_start: null, date_end: null, source_file: null, datatype: null,
          dublin_core: Object.keys(dublinCore).length > 0 ? JSON.stringify(dublinCore) : null, version: null,
          created_by: options.userId ?? null, dataset_state_id: options.datasetStateId ?? 1, license_id: null, hyperlink: null,
          contact: meta.get('Contact') ?? null, ...stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  const { locations, created: newLocations } = await writeLocations(file, db, datasetId, stamp);

  const attributes: { name: string; type: ClimateDatatype; value: string }[] = [];
  if (studyId === null) {
    for (const label of MIAPPE_LABELS) {
      const value = meta.get(label);
      if (value) attributes.push({ name: label, type: 'text', value });
    }
  }
  for (const a of attributeRows) {
    if (a.name === null || a.name === STUDY_ID_ATTRIBUTE || a.value === null || a.type === null || !ATTRIBUTE_TYPES.has(a.type)) continue;
    attributes.push({ name: a.name, type: a.type as ClimateDatatype, value: a.value });
  }
  for (const a of attributes) {
    const found = await db
      .selectFrom('attributes')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', a.name.toLowerCase()))
      .where('target_table', '=', 'datasets')
      .orderBy('id')
      .executeTakeFirst();
    const attributeId =
      found?.id ??
      (await db.insertInto('attributes').values({ name: a.name, description: null, datatype: a.type, target_table: 'datasets', ...stamp }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('attributedata').values({ attribute_id: attributeId, foreign_id: datasetId, value: a.value, ...stamp }).execute();
  }
  return { datasetId, created: studyId === null, locations, newLocations, attributeValues: attributes.length };
}

async function writeLocations(file: ParsedFile, db: DatasheetDb, datasetId: number, stamp: { created_on: string; updated_on: string }) {
  const locations = new Map<string, number>();
  let created = 0;
  const rows = file.sheets.get('LOCATION')?.rows ?? [];
  if (rows.length === 0) return { locations, created };
  const countries = new Map((await db.selectFrom('countries').select(['id', 'country_code2']).execute()).map((c) => [c.country_code2, c.id]));
  const linked = new Set<number>();
  for (const { cells } of rows) {
    const [name = null, short = null, country = null, elevation = null, latitude = null, longitude = null] = cells;
    if (name === null || locations.has(name)) continue;
    const values = {
      site_name: name,
      site_name_short: short,
      country_id: country === null ? UNKNOWN_COUNTRY : (countries.get(country) ?? UNKNOWN_COUNTRY),
      elevation: elevation === null ? null : parseDecimal(elevation),
      latitude: latitude === null ? null : parseDecimal(latitude),
      longitude: longitude === null ? null : parseDecimal(longitude),
    };
    let query = db.selectFrom('locations').select('id').where('site_name', '=', values.site_name).where('country_id', '=', values.country_id);
    for (const key of ['site_name_short', 'elevation', 'latitude', 'longitude'] as const) {
      const value = values[key];
      query = value === null ? query.where(key, 'is', null) : query.where(key, '=', value);
    }
    const found = await query.orderBy('id').executeTakeFirst();
    let id = found?.id;
    if (id === undefined) {
      id = (await db.insertInto('locations').values({ ...values, locationtype_id: DATASET_LOCATION_TYPE, ...stamp }).returning('id').executeTakeFirstOrThrow()).id;
      created += 1;
    }
    locations.set(name, id);
    if (!linked.has(id)) {
      linked.add(id);
      const exists = await db.selectFrom('datasetlocations').select('location_id').where('dataset_id', '=', datasetId).where('location_id', '=', id).executeTakeFirst();
      if (!exists) await db.insertInto('datasetlocations').values({ dataset_id: datasetId, location_id: id, ...stamp }).execute();
    }
  }
  return { locations, created };
}
