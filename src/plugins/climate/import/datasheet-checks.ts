import { issue, type ImportIssue, type ParsedFile, type Sheet } from '../../../server/import/importer.js';
import { cellOf, characters, headerIndex, parseDecimal, parseInteger } from './values.js';

/** The labels every METADATA sheet lists (import-rules §2.2). */
export const METADATA_LABELS = [
  'Title', 'Description', 'Rights', 'Date of creation', 'Publisher', 'Format', 'Language', 'Source', 'Type', 'Subject',
  'Contact', 'Investigation Title', 'Investigation Description', 'Investigation unique ID', 'Associated data file link',
  'Associated data file description', 'Associated data file version',
] as const;

export const LOCATION_HEADER = ['Name', 'Short name', 'Country', 'Elevation', 'Latitude', 'Longitude'] as const;
const METADATA_HEADER = ['LABEL', 'DEFINITION', 'VALUE'] as const;
const ATTRIBUTES_HEADER = ['Attribute', 'Type', 'Value'] as const;
const COLLABORATOR_HEADER = ['Last Name', 'First Name', 'Contributor role', 'Contributor ID', 'Email', 'Phone', 'Contributor', 'Address', 'Country'];
export const ATTRIBUTE_TYPES = new Set(['numeric', 'categorical', 'date', 'text']);
/** The ATTRIBUTES row naming an existing dataset to add to instead of creating one. */
export const STUDY_ID_ATTRIBUTE = 'BrAPI Study DB ID';

/** What the datasheet checks need from the database. */
export interface DatasheetContext {
  /** countries.country_code2 (case-sensitive, as Germinate compares them here). */
  countryCodes: ReadonlySet<string>;
  datasetExists(id: number): Promise<boolean>;
}

/** METADATA values by label (column C), first row of each label. */
export function metadataValues(sheet: Sheet | undefined): Map<string, string | null> {
  const values = new Map<string, string | null>();
  for (const { cells } of sheet?.rows ?? []) {
    const label = cells[0] ?? null;
    if (label !== null && !values.has(label)) values.set(label, cells[2] ?? null);
  }
  return values;
}

/** Header cells that must read exactly `expected`, position by position; one issue per wrong cell. */
function fixedHeader(sheet: Sheet, expected: readonly string[], out: ImportIssue[]): boolean {
  let ok = true;
  expected.forEach((name, i) => {
    const found = sheet.header[i] ?? null;
    if (found !== name) {
      ok = false;
      out.push(issue('GENERIC_MISSING_COLUMN', 1, { sheet: sheet.name, column: name, value: found, message: `Column '${name}' not found at position ${i + 1}.` }));
    }
  });
  return ok;
}

/**
 * The shared "datasheet" sheets (import-rules §2.2): METADATA, ATTRIBUTES, LOCATION, COLLABORATORS. Each is
 * optional and checked only when present. Every occurrence is reported (Germinate: the first only).
 */
export async function checkDatasheet(file: ParsedFile, context: DatasheetContext): Promise<ImportIssue[]> {
  const out: ImportIssue[] = [];
  const metadata = file.sheets.get('METADATA');
  if (metadata && fixedHeader(metadata, METADATA_HEADER, out)) {
    const values = metadataValues(metadata);
    for (const label of METADATA_LABELS) {
      if (!values.has(label)) {
        out.push(issue('GENERIC_MISSING_REQUIRED_VALUE', -1, { sheet: 'METADATA', column: 'LABEL', value: label, message: `Missing '${label}' on 'METADATA' sheet.` }));
      }
    }
    // Title names the dataset and Description describes it: the template marks both required. Germinate
    // tests the label cell instead of the value, so an empty value slipped through; here the value counts.
    for (const { row, cells } of metadata.rows) {
      if ((cells[0] === 'Title' || cells[0] === 'Description') && (cells[2] ?? null) === null) {
        out.push(issue('GENERIC_MISSING_REQUIRED_VALUE', row, { sheet: 'METADATA', column: 'VALUE', value: null, message: `'${cells[0]}' value is missing.` }));
      }
    }
  }
  const attributes = file.sheets.get('ATTRIBUTES');
  if (attributes && attributes.header.some((c) => c !== null) && fixedHeader(attributes, ATTRIBUTES_HEADER, out)) {
    for (const { row, cells } of attributes.rows) {
      const [name = null, type = null, value = null] = cells;
      if (name === null && type === null && value === null) continue;
      if (name === null) out.push(issue('GENERIC_MISSING_REQUIRED_VALUE', row, { sheet: 'ATTRIBUTES', column: 'Attribute', value: null, message: 'Attribute' }));
      if (name === STUDY_ID_ATTRIBUTE) {
        const id = value === null ? null : parseInteger(value);
        if (id === null) out.push(issue('GENERIC_INVALID_DATATYPE', row, { sheet: 'ATTRIBUTES', column: 'Value', value }));
        else if (!(await context.datasetExists(id))) out.push(issue('GENERIC_INVALID_REFERENCE', row, { sheet: 'ATTRIBUTES', column: 'Value', value, message: `Dataset ${id} does not exist.` }));
        continue;
      }
      if (type === null || !ATTRIBUTE_TYPES.has(type)) {
        out.push(issue('GENERIC_INVALID_DATATYPE', row, { sheet: 'ATTRIBUTES', column: 'Type', value: type, message: `Data Type: ${type ?? ''}` }));
      }
    }
  }
  const location = file.sheets.get('LOCATION');
  if (location && fixedHeader(location, LOCATION_HEADER, out)) checkLocations(location, context, out);
  const collaborators = file.sheets.get('COLLABORATORS');
  if (collaborators) checkCollaborators(collaborators, context, out);
  return out;
}

function checkLocations(sheet: Sheet, context: DatasheetContext, out: ImportIssue[]): void {
  for (const { row, cells } of sheet.rows) {
    const [name = null, short = null, country = null, elevation = null, latitude = null, longitude = null] = cells;
    const at = (status: string, column: string, value: string | null, message?: string) =>
      out.push(issue(status, row, { sheet: 'LOCATION', column, value, ...(message === undefined ? {} : { message }) }));
    if (name === null) at('GENERIC_MISSING_REQUIRED_VALUE', 'Name', null, 'Location Name');
    else if (characters(name) > 255) at('GENERIC_VALUE_TOO_LONG', 'Name', name, `Name: ${characters(name)} characters, at most 255`);
    if (short !== null && characters(short) > 22) at('GENERIC_VALUE_TOO_LONG', 'Short name', short, `Short name: ${short} (${characters(short)} characters, at most 22)`);
    if (country !== null && !context.countryCodes.has(country)) at('GENERIC_INVALID_COUNTRY_CODE', 'Country', country);
    if (elevation !== null && parseDecimal(elevation) === null) at('GENERIC_INVALID_NUMBER', 'Elevation', elevation);
    for (const [column, text, limit] of [['Latitude', latitude, 90], ['Longitude', longitude, 180]] as const) {
      if (text === null) continue;
      const value = parseDecimal(text);
      // Beyond ±90/±180 a coordinate cannot be placed on a map: refused as not a valid number for it.
      if (value === null || Math.abs(value) > limit) at('GENERIC_INVALID_NUMBER', column, text);
    }
  }
}

function checkCollaborators(sheet: Sheet, context: DatasheetContext, out: ImportIssue[]): void {
  const index = headerIndex(sheet);
  for (const name of COLLABORATOR_HEADER) {
    if (!index.has(name)) out.push(issue('GENERIC_MISSING_COLUMN', 1, { sheet: 'COLLABORATORS', column: name, value: null, message: name }));
  }
  // Row 2 of the template explains the columns; data starts at row 3 (import-rules §2.2).
  for (const { row, cells } of sheet.rows) {
    if (row < 3) continue;
    for (const column of ['First Name', 'Last Name']) {
      if (index.has(column) && cellOf(cells, index, column) === null) {
        out.push(issue('GENERIC_MISSING_REQUIRED_VALUE', row, { sheet: 'COLLABORATORS', column, value: null, message: column }));
      }
    }
    const country = cellOf(cells, index, 'Country');
    if (country !== null && !context.countryCodes.has(country)) {
      out.push(issue('GENERIC_INVALID_COUNTRY_CODE', row, { sheet: 'COLLABORATORS', column: 'Country', value: country }));
    }
  }
}
