import type { Generated, Kysely } from 'kysely';
import type { CoreTables } from '../db/tables.js';
import type { ImportDb, ImportOptions, ParsedFile } from './importer.js';
import { locationNumber, MIAPPE_LABELS, readDatasheet, storedAttributes, type CollaboratorRow, type Datasheet } from './datasheet.js';

/** created_on / updated_on default to now in every table (ISO text, src/server/db/migration.ts). */
interface Stamped {
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

/**
 * The tables the datasheet writes besides core's experiments and datasets, by SQL name: countries,
 * locations, dataset locations, attributes and institutions belong to the germplasm domain, collaborators
 * to the datasets domain. Declared here because the importers of several domains share this writer.
 */
export type DatasheetTables = {
  countries: { id: number; country_code2: string };
  locations: Stamped & {
    id: Generated<number>;
    locationtype_id: number;
    country_id: number;
    site_name: string;
    site_name_short: string | null;
    elevation: number | null;
    latitude: number | null;
    longitude: number | null;
  };
  datasetlocations: Stamped & { dataset_id: number; location_id: number };
  attributes: Stamped & { id: Generated<number>; name: string; description: string | null; datatype: string; target_table: string };
  attributedata: Stamped & { id: Generated<number>; attribute_id: number; foreign_id: number; value: string };
  institutions: Stamped & { id: Generated<number>; name: string; address: string | null; country_id: number | null };
  collaborators: Stamped & {
    id: Generated<number>;
    first_name: string;
    last_name: string;
    email: string | null;
    phone: string | null;
    external_id: string | null;
    institution_id: number | null;
  };
  datasetcollaborators: Stamped & { id: Generated<number>; dataset_id: number; collaborator_id: number; collaborator_roles: string | null };
};

type DatasheetDb = Kysely<CoreTables & DatasheetTables>;
type Stamp = { created_on: string; updated_on: string };

/** Every template dataset hangs off this experiment, found by name or created (Germinate's name and text). */
export const GENERIC_EXPERIMENT = 'Generic Experiment';
const GENERIC_EXPERIMENT_DESCRIPTION = 'Experiment automatically created by the data import.';
/** locationtypes 2: dataset locations (trial sites, weather stations). */
const DATASET_LOCATION_TYPE = 2;
/** countries −1: unknown country, for sites without one (locations.country_id is required). */
const UNKNOWN_COUNTRY = -1;
/** Dublin Core keys of a dataset (each a list of texts) and the METADATA label filling each. */
const DUBLIN_CORE: [key: string, label: string | null][] = [
  ['title', 'Title'], ['creator', null], ['subject', 'Subject'], ['description', 'Description'], ['publisher', 'Publisher'],
  ['contributor', null], ['date', 'Date of creation'], ['type', 'Type'], ['format', 'Format'], ['identifier', null],
  ['source', 'Source'], ['language', 'Language'], ['relation', null], ['coverage', null], ['rights', 'Rights'],
];

export interface DatasheetResult {
  datasetId: number;
  /** False when the file named an existing dataset (BrAPI Study DB ID) to add to. */
  created: boolean;
  /** LOCATION Name (as written) → locations.id */
  locations: Map<string, number>;
  newLocations: number;
  attributeValues: number;
  /** Collaborator links the dataset has from this file. */
  collaborators: number;
}

/**
 * Writes a checked datasheet in the caller's transaction: the dataset (or the existing one the file names),
 * its Dublin Core, MIAPPE and ATTRIBUTES values as dataset attributes, its LOCATION rows as linked sites
 * (found or created) and its COLLABORATORS (found or created, with their institutions) linked to it.
 * Unlike Germinate the Dublin Core title is the Title (Germinate overwrote it with the Description).
 */
export async function writeDatasheet(file: ParsedFile, target: ImportDb, options: ImportOptions, datasettypeId: number): Promise<DatasheetResult> {
  const db: DatasheetDb = target.db.withTables<DatasheetTables>();
  const now = options.now.toISOString();
  const stamp = { created_on: now, updated_on: now };
  const sheet = readDatasheet(file);
  const created = sheet.study === null;
  const datasetId = sheet.study?.id ?? (await createDataset(db, sheet, options, datasettypeId, stamp));
  const attributes = [
    ...(created ? MIAPPE_LABELS.flatMap((label) => {
      const value = sheet.metadata.get(label) ?? null;
      return value === null ? [] : [{ name: label, type: 'text', value }];
    }) : []),
    ...storedAttributes(sheet),
  ];
  await writeAttributes(db, datasetId, attributes, stamp);
  const countries = new Map((await db.selectFrom('countries').select(['id', 'country_code2']).execute()).map((c) => [c.country_code2, c.id]));
  const { locations, newLocations } = await writeLocations(db, sheet, datasetId, countries, stamp);
  const collaborators = await writeCollaborators(db, sheet, datasetId, countries, options.update && !created, stamp);
  return { datasetId, created, locations, newLocations, attributeValues: attributes.length, collaborators };
}

async function createDataset(db: DatasheetDb, sheet: Datasheet, options: ImportOptions, datasettypeId: number, stamp: Stamp): Promise<number> {
  const meta = (label: string) => sheet.metadata.get(label) ?? null;
  const experiment =
    (await db.selectFrom('experiments').select('id').where('experiment_name', '=', GENERIC_EXPERIMENT).orderBy('id').executeTakeFirst()) ??
    (await db
      .insertInto('experiments')
      .values({ experiment_name: GENERIC_EXPERIMENT, description: GENERIC_EXPERIMENT_DESCRIPTION, user_id: options.userId ?? null, project_id: null, experiment_date: null, ...stamp })
      .returning('id')
      .executeTakeFirstOrThrow());
  const dublinCore = Object.fromEntries(DUBLIN_CORE.map(([key, label]) => [key, label === null || meta(label) === null ? [] : [meta(label)]]));
  const dataset = await db
    .insertInto('datasets')
    .values({
      experiment_id: experiment.id, datasettype_id: datasettypeId, name: meta('Title') ?? '', description: meta('Description'),
      date_start: null, date_end: null, source_file: null, datatype: null, dublin_core: JSON.stringify(dublinCore), version: null,
      created_by: options.userId ?? null, dataset_state_id: options.datasetStateId ?? 1, license_id: null, hyperlink: null,
      contact: meta('Contact'), ...stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return dataset.id;
}

/** Dataset attributes: found by name ignoring case (target `datasets`, the oldest first) or created; one value row each. */
async function writeAttributes(db: DatasheetDb, datasetId: number, rows: { name: string; type: string; value: string }[], stamp: Stamp): Promise<void> {
  if (rows.length === 0) return;
  const ids = new Map<string, number>();
  const known = await db.selectFrom('attributes').select(['id', 'name']).where('target_table', '=', 'datasets').orderBy('id', 'desc').execute();
  for (const a of known) ids.set(a.name.toLowerCase(), a.id);
  for (const row of rows) {
    let id = ids.get(row.name.toLowerCase());
    if (id === undefined) {
      id = (
        await db.insertInto('attributes').values({ name: row.name, description: null, datatype: row.type, target_table: 'datasets', ...stamp }).returning('id').executeTakeFirstOrThrow()
      ).id;
      ids.set(row.name.toLowerCase(), id);
    }
    await db.insertInto('attributedata').values({ attribute_id: id, foreign_id: datasetId, value: row.value, ...stamp }).execute();
  }
}

/**
 * LOCATION rows: a stored site with the same name, short name, country, elevation and coordinates is reused
 * (coordinates compared as numbers: the dialects store them as double or real), otherwise one is created;
 * each is linked to the dataset once.
 */
async function writeLocations(db: DatasheetDb, sheet: Datasheet, datasetId: number, countries: ReadonlyMap<string, number>, stamp: Stamp) {
  const locations = new Map<string, number>();
  let newLocations = 0;
  const linked = new Set((await db.selectFrom('datasetlocations').select('location_id').where('dataset_id', '=', datasetId).execute()).map((r) => r.location_id));
  const same = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.abs(Number(a) - b) < 1e-9);
  for (const row of sheet.locations) {
    if (row.name === null || locations.has(row.name)) continue;
    const site = {
      site_name: row.name,
      site_name_short: row.shortName,
      country_id: row.country === null ? UNKNOWN_COUNTRY : (countries.get(row.country) ?? UNKNOWN_COUNTRY),
      elevation: locationNumber(row.elevation),
      latitude: locationNumber(row.latitude),
      longitude: locationNumber(row.longitude),
    };
    const candidates = await db.selectFrom('locations').selectAll().where('site_name', '=', site.site_name).where('country_id', '=', site.country_id).orderBy('id').execute();
    const found = candidates.find(
      (l) => l.site_name_short === site.site_name_short && same(l.elevation, site.elevation) && same(l.latitude, site.latitude) && same(l.longitude, site.longitude),
    );
    let id = found?.id;
    if (id === undefined) {
      id = (await db.insertInto('locations').values({ ...site, locationtype_id: DATASET_LOCATION_TYPE, ...stamp }).returning('id').executeTakeFirstOrThrow()).id;
      newLocations += 1;
    }
    locations.set(row.name, id);
    if (!linked.has(id)) {
      linked.add(id);
      await db.insertInto('datasetlocations').values({ dataset_id: datasetId, location_id: id, ...stamp }).execute();
    }
  }
  return { locations, newLocations };
}

/**
 * COLLABORATORS rows (Germinate's rules): the person's institution (Contributor) is found by name and
 * country or created with its address; the person is found by first and last name, email, phone, external id
 * and institution, or created; then linked to the dataset with the Contributor role text, unless that very
 * link exists. An update import into an existing dataset replaces the dataset's collaborators with the
 * file's when the file has a COLLABORATORS sheet: the sheet then lists who the dataset credits now.
 */
async function writeCollaborators(
  db: DatasheetDb, sheet: Datasheet, datasetId: number, countries: ReadonlyMap<string, number>, replace: boolean, stamp: Stamp,
): Promise<number> {
  const people = sheet.collaborators.filter((p): p is CollaboratorRow & { firstName: string; lastName: string } => p.firstName !== null && p.lastName !== null);
  if (replace && sheet.collaboratorColumns.size > 0) await db.deleteFrom('datasetcollaborators').where('dataset_id', '=', datasetId).execute();
  let links = 0;
  for (const person of people) {
    const countryId = person.country === null ? null : (countries.get(person.country) ?? null);
    const institutionId = person.institution === null ? null : await institution(db, person.institution, person.address, countryId, stamp);
    let query = db.selectFrom('collaborators').select('id').where('first_name', '=', person.firstName).where('last_name', '=', person.lastName);
    for (const [column, value] of [['email', person.email], ['phone', person.phone], ['external_id', person.externalId], ['institution_id', institutionId]] as const) {
      query = value === null ? query.where(column, 'is', null) : query.where(column, '=', value);
    }
    const collaboratorId =
      (await query.orderBy('id').executeTakeFirst())?.id ??
      (
        await db
          .insertInto('collaborators')
          .values({ first_name: person.firstName, last_name: person.lastName, email: person.email, phone: person.phone, external_id: person.externalId, institution_id: institutionId, ...stamp })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    let link = db.selectFrom('datasetcollaborators').select('id').where('dataset_id', '=', datasetId).where('collaborator_id', '=', collaboratorId);
    link = person.roles === null ? link.where('collaborator_roles', 'is', null) : link.where('collaborator_roles', '=', person.roles);
    if (await link.executeTakeFirst()) continue;
    await db.insertInto('datasetcollaborators').values({ dataset_id: datasetId, collaborator_id: collaboratorId, collaborator_roles: person.roles, ...stamp }).execute();
    links += 1;
  }
  return links;
}

/** An institution by name and country (the oldest match), or a new one with the file's address. */
async function institution(db: DatasheetDb, name: string, address: string | null, countryId: number | null, stamp: Stamp): Promise<number> {
  let query = db.selectFrom('institutions').select('id').where('name', '=', name);
  query = countryId === null ? query.where('country_id', 'is', null) : query.where('country_id', '=', countryId);
  const found = await query.orderBy('id').executeTakeFirst();
  if (found) return found.id;
  return (await db.insertInto('institutions').values({ name, address, country_id: countryId, ...stamp }).returning('id').executeTakeFirstOrThrow()).id;
}
