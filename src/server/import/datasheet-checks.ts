import type { Kysely } from 'kysely';
import type { CoreTables } from '../db/tables.js';
import { checkNamedHeader, checkPositionalHeader } from './headers.js';
import { issue, type ImportDb, type ImportIssue, type ParsedFile } from './importer.js';
import {
  ATTRIBUTE_TYPES, ATTRIBUTES_HEADER, ATTRIBUTES_SHEET, COLLABORATORS_HEADER, COLLABORATORS_SHEET, LOCATION_HEADER,
  LOCATION_SHEET, METADATA_HEADER, METADATA_LABELS, METADATA_SHEET, readDatasheet, STUDY_ATTRIBUTE, type Datasheet,
} from './datasheet.js';
import { parseDecimal } from './values.js';

/** The dataset type an importer creates (datasettypes: trials 3, climate 5, pedigree 7). */
export interface DatasetKind {
  id: number;
  /** As a person names it in a message: "trials", "climate", "pedigree". */
  name: string;
}

/** What the checks read besides core's datasets, by SQL name (the germplasm domain owns countries). */
type CheckDb = Kysely<CoreTables & { countries: { country_code2: string } }>;

/** Names, attributes and sites are varchar(255) in Germinate's schema; a short site name at most 22 characters. */
const NAME_LIMIT = 255;
const SHORT_NAME_LIMIT = 22;
/** Dataset name and description: Germinate's template marks both as required. */
const REQUIRED_VALUES = ['Title', 'Description'] as const;

/** Characters as a person (and a database) counts them: code points. */
const characters = (text: string) => [...text].length;

/**
 * Every datasheet check, each problem at every occurrence (Germinate reports the first of most kinds only).
 * ATTRIBUTES, LOCATION and COLLABORATORS are optional. METADATA is required unless the ATTRIBUTES sheet
 * names an existing dataset to add to: a new dataset takes its name from it (Germinate fails with an
 * internal error there; this says why).
 */
export async function checkDatasheet(file: ParsedFile, target: ImportDb, kind: DatasetKind): Promise<ImportIssue[]> {
  const db: CheckDb = target.db.withTables<{ countries: { country_code2: string } }>();
  const data = readDatasheet(file);
  const out: ImportIssue[] = [];
  const countries = new Set((await db.selectFrom('countries').select('country_code2').execute()).map((c) => c.country_code2));
  checkMetadata(file, data, out);
  const attributes = file.sheets.get(ATTRIBUTES_SHEET);
  if (attributes && attributes.header.some((text) => text !== null)) {
    checkPositionalHeader(attributes, ATTRIBUTES_HEADER, out);
    checkAttributes(data, out);
    if (data.study !== null) await checkStudy(db, data.study, kind, out);
  }
  const location = file.sheets.get(LOCATION_SHEET);
  if (location) {
    checkPositionalHeader(location, LOCATION_HEADER, out);
    checkLocations(data, countries, out);
  }
  const collaborators = file.sheets.get(COLLABORATORS_SHEET);
  if (collaborators) {
    checkNamedHeader(collaborators, COLLABORATORS_HEADER, out);
    checkCollaborators(data, countries, out);
  }
  return out;
}

function checkMetadata(file: ParsedFile, data: Datasheet, out: ImportIssue[]): void {
  const sheet = file.sheets.get(METADATA_SHEET);
  if (!sheet) {
    if (data.study === null) out.push(issue('GENERIC_MISSING_EXCEL_SHEET', -1, { sheet: METADATA_SHEET, value: METADATA_SHEET, message: METADATA_SHEET }));
    return;
  }
  checkPositionalHeader(sheet, METADATA_HEADER, out);
  const missing = (label: string) => `Missing '${label}' on 'METADATA' sheet.`;
  for (const label of METADATA_LABELS) {
    if (!data.metadata.has(label)) out.push(issue('GENERIC_MISSING_REQUIRED_VALUE', -1, { sheet: METADATA_SHEET, column: 'LABEL', value: label, message: missing(label) }));
  }
  // Germinate tests the label cell here instead of the value, so an empty Title passed; the value is what
  // names the new dataset. Data added to an existing dataset creates none, so needs neither.
  if (data.study !== null) return;
  for (const label of REQUIRED_VALUES) {
    const row = data.metadataRows.get(label);
    if (row !== undefined && data.metadata.get(label) === null) {
      out.push(issue('GENERIC_MISSING_REQUIRED_VALUE', row, { sheet: METADATA_SHEET, column: 'VALUE', value: null, message: missing(label) }));
    }
  }
}

function checkAttributes(data: Datasheet, out: ImportIssue[]): void {
  for (const { row, name, type, value } of data.attributes) {
    const at = (status: string, column: string, text: string | null, message?: string) =>
      out.push(issue(status, row, { sheet: ATTRIBUTES_SHEET, column, value: text, ...(message === undefined ? {} : { message }) }));
    // The study row names a dataset (checked against the database); its Type cell means nothing.
    if (name === STUDY_ATTRIBUTE) continue;
    if (type === null || !ATTRIBUTE_TYPES.has(type)) at('GENERIC_INVALID_DATATYPE', 'Type', type, `Data Type: ${type ?? ''}`);
    if (name === null) at('GENERIC_MISSING_REQUIRED_VALUE', 'Attribute', null, 'Attribute');
    else if (characters(name) > NAME_LIMIT) at('GENERIC_VALUE_TOO_LONG', 'Attribute', name, `Attribute: ${characters(name)} characters, at most ${NAME_LIMIT}`);
    // A numeric attribute's value is compared and sorted as a number later; text that is none is refused now.
    if (type === 'numeric' && value !== null && parseDecimal(value) === null) at('GENERIC_INVALID_NUMBER', 'Value', value);
  }
}

/** The study row must name an existing dataset of the importer's own type (its data cannot go elsewhere). */
async function checkStudy(db: CheckDb, study: NonNullable<Datasheet['study']>, kind: DatasetKind, out: ImportIssue[]): Promise<void> {
  const where = { sheet: ATTRIBUTES_SHEET, column: 'Value', value: study.text };
  if (study.id === null) {
    out.push(issue('GENERIC_INVALID_DATATYPE', study.row, { ...where, message: `${STUDY_ATTRIBUTE}: ${study.text} is not a dataset id` }));
    return;
  }
  const found = await db.selectFrom('datasets').select('id').where('id', '=', study.id).where('datasettype_id', '=', kind.id).executeTakeFirst();
  if (!found) out.push(issue('GENERIC_INVALID_REFERENCE', study.row, { ...where, message: `${STUDY_ATTRIBUTE}: there is no ${kind.name} dataset ${study.id}` }));
}

function checkLocations(data: Datasheet, countries: ReadonlySet<string>, out: ImportIssue[]): void {
  for (const { row, name, shortName, country, elevation, latitude, longitude } of data.locations) {
    const at = (status: string, column: string, value: string | null, message?: string) =>
      out.push(issue(status, row, { sheet: LOCATION_SHEET, column, value, ...(message === undefined ? {} : { message }) }));
    if (name === null) at('GENERIC_MISSING_REQUIRED_VALUE', 'Name', null, 'Location Name');
    else if (characters(name) > NAME_LIMIT) at('GENERIC_VALUE_TOO_LONG', 'Name', name, `Name: ${characters(name)} characters, at most ${NAME_LIMIT}`);
    if (shortName !== null && characters(shortName) > SHORT_NAME_LIMIT) {
      at('GENERIC_VALUE_TOO_LONG', 'Short name', shortName, `Short name: ${shortName} exceeds ${SHORT_NAME_LIMIT} characters.`);
    }
    // Alpha-2 and case-sensitive, as Germinate matches this column ("GB" passes, "gb" does not).
    if (country !== null && !countries.has(country)) at('GENERIC_INVALID_COUNTRY_CODE', 'Country', country);
    if (elevation !== null && parseDecimal(elevation) === null) at('GENERIC_INVALID_NUMBER', 'Elevation', elevation);
    for (const [column, text, limit] of [['Latitude', latitude, 90], ['Longitude', longitude, 180]] as const) {
      if (text === null) continue;
      const value = parseDecimal(text);
      // Beyond ±90° / ±180° a site cannot be placed on a map: refused as no valid number for it.
      if (value === null || Math.abs(value) > limit) at('GENERIC_INVALID_NUMBER', column, text);
    }
  }
}

function checkCollaborators(data: Datasheet, countries: ReadonlySet<string>, out: ImportIssue[]): void {
  for (const person of data.collaborators) {
    const at = (status: string, column: string, value: string | null, message?: string) =>
      out.push(issue(status, person.row, { sheet: COLLABORATORS_SHEET, column, value, ...(message === undefined ? {} : { message }) }));
    // A column missing from the header was reported once there, not again on every row.
    for (const [column, value] of [['First Name', person.firstName], ['Last Name', person.lastName]] as const) {
      if (value === null && data.collaboratorColumns.has(column)) at('GENERIC_MISSING_REQUIRED_VALUE', column, null, column);
    }
    if (person.country !== null && !countries.has(person.country)) at('GENERIC_INVALID_COUNTRY_CODE', 'Country', person.country);
    for (const [column, value] of [
      ['Last Name', person.lastName], ['First Name', person.firstName], ['Contributor role', person.roles], ['Contributor ID', person.externalId],
      ['Email', person.email], ['Phone', person.phone], ['Contributor', person.institution],
    ] as const) {
      if (value !== null && characters(value) > NAME_LIMIT) at('GENERIC_VALUE_TOO_LONG', column, value, `${column}: ${characters(value)} characters, at most ${NAME_LIMIT}`);
    }
  }
}
