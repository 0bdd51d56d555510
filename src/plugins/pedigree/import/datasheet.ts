import { issue, type CellText, type ImportIssue, type ParsedFile, type Sheet } from '../../../server/import/importer.js';

/**
 * The shared "datasheet" part of the pedigree template (import-rules §2.2): METADATA (required here, as the
 * dataset needs its title), and the optional ATTRIBUTES, LOCATION and COLLABORATORS sheets.
 */
export const METADATA_SHEET = 'METADATA';
export const ATTRIBUTES_SHEET = 'ATTRIBUTES';
export const LOCATION_SHEET = 'LOCATION';
export const COLLABORATORS_SHEET = 'COLLABORATORS';

export const METADATA_LABELS = [
  'Title', 'Description', 'Rights', 'Date of creation', 'Publisher', 'Format', 'Language', 'Source', 'Type', 'Subject',
  'Contact', 'Investigation Title', 'Investigation Description', 'Investigation unique ID', 'Associated data file link',
  'Associated data file description', 'Associated data file version',
] as const;
/** MIAPPE labels stored as dataset attributes (Germinate misses "Investigation unique ID" by a case slip; we don't). */
export const MIAPPE_LABELS = [
  'Investigation Title', 'Investigation Description', 'Investigation unique ID', 'Associated data file link',
  'Associated data file description', 'Associated data file version',
] as const;
const REQUIRED_VALUES = ['Title', 'Description'] as const;
const ATTRIBUTE_TYPES = ['numeric', 'categorical', 'date', 'text'];
export const BRAPI_STUDY_ATTRIBUTE = 'BrAPI Study DB ID';
const LOCATION_HEADER = ['Name', 'Short name', 'Country', 'Elevation', 'Latitude', 'Longitude'];
const COLLABORATOR_HEADER = ['Last Name', 'First Name', 'Contributor role', 'Contributor ID', 'Email', 'Phone', 'Contributor', 'Address', 'Country'];
export const NAME_LIMIT = 255;
const SHORT_NAME_LIMIT = 22;

export interface DatasetAttribute { row: number; name: string; type: string; value: string }
export interface DatasetLocation {
  row: number;
  name: string;
  shortName: CellText;
  country: CellText;
  elevation: number | null;
  latitude: number | null;
  longitude: number | null;
}

export interface Datasheet {
  /** METADATA label → VALUE (column C); labels read until the first empty row. */
  metadata: Map<string, CellText>;
  attributes: DatasetAttribute[];
  /** The ATTRIBUTES row naming an existing dataset to add to (Germinate's "BrAPI Study DB ID"). */
  studyId: { row: number; value: string } | null;
  locations: DatasetLocation[];
}

/** A plain decimal (Germinate's decimal parsing), or null. */
export function parseDecimal(text: string): number | null {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

const cellsOf = (sheet: Sheet | undefined) => (sheet ? sheet.rows : []);

export function readDatasheet(file: ParsedFile): Datasheet {
  const metadata = new Map<string, CellText>();
  const meta = file.sheets.get(METADATA_SHEET);
  let expected = 2;
  for (const { row, cells } of cellsOf(meta)) {
    // Germinate reads labels until the first completely empty row (the help text below it is no label).
    if (row !== expected) break;
    expected += 1;
    if (cells[0] !== null && !metadata.has(cells[0])) metadata.set(cells[0], cells[2] ?? null);
  }
  const attributes: DatasetAttribute[] = [];
  let studyId: Datasheet['studyId'] = null;
  for (const { row, cells } of cellsOf(file.sheets.get(ATTRIBUTES_SHEET))) {
    const [name, type, value] = [cells[0] ?? null, cells[1] ?? null, cells[2] ?? null];
    if (name === BRAPI_STUDY_ATTRIBUTE && value !== null) studyId = { row, value };
    else if (name !== null && type !== null && value !== null && ATTRIBUTE_TYPES.includes(type)) attributes.push({ row, name, type, value });
  }
  const locations: DatasetLocation[] = cellsOf(file.sheets.get(LOCATION_SHEET)).flatMap(({ row, cells }) => {
    const name = cells[0] ?? null;
    if (name === null) return [];
    const number = (text: CellText) => (text === null ? null : parseDecimal(text));
    return [{ row, name, shortName: cells[1] ?? null, country: cells[2] ?? null, elevation: number(cells[3] ?? null), latitude: number(cells[4] ?? null), longitude: number(cells[5] ?? null) }];
  });
  return { metadata, attributes, studyId, locations };
}

/** Every datasheet check, each reported at every occurrence. `countries2`: stored ISO alpha-2 codes (case-sensitive). */
export function checkDatasheet(file: ParsedFile, data: Datasheet, countries2: ReadonlySet<string>): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const meta = file.sheets.get(METADATA_SHEET);
  if (!meta) {
    issues.push(issue('GENERIC_MISSING_EXCEL_SHEET', -1, { sheet: METADATA_SHEET, value: METADATA_SHEET, message: METADATA_SHEET }));
  } else {
    issues.push(...headerIssues(meta, ['LABEL', 'DEFINITION', 'VALUE']));
    for (const label of METADATA_LABELS) {
      if (!data.metadata.has(label)) {
        issues.push(issue('GENERIC_MISSING_REQUIRED_VALUE', -1, { sheet: METADATA_SHEET, column: 'LABEL', value: label, message: `Missing '${label}' on 'METADATA' sheet.` }));
      }
    }
    // Germinate tests the label instead of the value; the README says the values are required.
    for (const label of REQUIRED_VALUES) {
      if (data.metadata.has(label) && data.metadata.get(label) === null) {
        issues.push(issue('GENERIC_MISSING_REQUIRED_VALUE', metadataRow(meta, label), { sheet: METADATA_SHEET, column: 'VALUE', message: `Missing value of '${label}'` }));
      }
    }
    const title = data.metadata.get('Title') ?? null;
    if (title !== null && [...title].length > NAME_LIMIT) {
      issues.push(issue('GENERIC_VALUE_TOO_LONG', metadataRow(meta, 'Title'), { sheet: METADATA_SHEET, column: 'VALUE', value: title, message: `Title longer than ${NAME_LIMIT} characters` }));
    }
  }

  const attributes = file.sheets.get(ATTRIBUTES_SHEET);
  if (attributes) {
    if (attributes.header.some((h) => h !== null)) issues.push(...headerIssues(attributes, ['Attribute', 'Type', 'Value']));
    for (const { row, cells } of attributes.rows) {
      const [name, type, value] = [cells[0] ?? null, cells[1] ?? null, cells[2] ?? null];
      const where = { sheet: ATTRIBUTES_SHEET };
      if (name === BRAPI_STUDY_ATTRIBUTE) continue;
      if (type === null || !ATTRIBUTE_TYPES.includes(type)) issues.push(issue('GENERIC_INVALID_DATATYPE', row, { ...where, column: 'Type', value: type, message: `Data Type: ${type ?? ''}` }));
      if (name === null) issues.push(issue('GENERIC_MISSING_REQUIRED_VALUE', row, { ...where, column: 'Attribute', message: 'Attribute' }));
      else if ([...name].length > NAME_LIMIT) issues.push(issue('GENERIC_VALUE_TOO_LONG', row, { ...where, column: 'Attribute', value: name }));
      if (type === 'numeric' && value !== null && parseDecimal(value) === null) issues.push(issue('GENERIC_INVALID_NUMBER', row, { ...where, column: 'Value', value }));
    }
  }

  const location = file.sheets.get(LOCATION_SHEET);
  if (location) {
    issues.push(...headerIssues(location, LOCATION_HEADER));
    for (const { row, cells } of location.rows) {
      const where = { sheet: LOCATION_SHEET };
      const [name, short, country] = [cells[0] ?? null, cells[1] ?? null, cells[2] ?? null];
      if (name === null) issues.push(issue('GENERIC_MISSING_REQUIRED_VALUE', row, { ...where, column: 'Name', message: 'Location Name' }));
      else if ([...name].length > NAME_LIMIT) issues.push(issue('GENERIC_VALUE_TOO_LONG', row, { ...where, column: 'Name', value: name }));
      if (short !== null && [...short].length > SHORT_NAME_LIMIT) issues.push(issue('GENERIC_VALUE_TOO_LONG', row, { ...where, column: 'Short name', value: short, message: `Short name: ${short} (at most ${SHORT_NAME_LIMIT} characters)` }));
      if (country !== null && !countries2.has(country)) issues.push(issue('GENERIC_INVALID_COUNTRY_CODE', row, { ...where, column: 'Country', value: country }));
      LOCATION_HEADER.slice(3).forEach((column, i) => {
        const value = cells[3 + i] ?? null;
        if (value !== null && parseDecimal(value) === null) issues.push(issue('GENERIC_INVALID_NUMBER', row, { ...where, column, value }));
      });
    }
  }

  const collaborators = file.sheets.get(COLLABORATORS_SHEET);
  if (collaborators) {
    const present = new Set(collaborators.header.filter((h): h is string => h !== null));
    for (const name of COLLABORATOR_HEADER) {
      if (!present.has(name)) issues.push(issue('GENERIC_MISSING_COLUMN', -1, { sheet: COLLABORATORS_SHEET, column: name, message: name }));
    }
    const index = (name: string) => collaborators.header.indexOf(name);
    // Row 2 is the template's explanation row.
    for (const { row, cells } of collaborators.rows.filter((r) => r.row >= 3)) {
      const where = { sheet: COLLABORATORS_SHEET };
      for (const column of ['First Name', 'Last Name']) {
        if (index(column) >= 0 && (cells[index(column)] ?? null) === null) issues.push(issue('GENERIC_MISSING_REQUIRED_VALUE', row, { ...where, column, message: column }));
      }
      const country = index('Country') >= 0 ? (cells[index('Country')] ?? null) : null;
      if (country !== null && !countries2.has(country)) issues.push(issue('GENERIC_INVALID_COUNTRY_CODE', row, { ...where, column: 'Country', value: country }));
    }
  }
  return issues;
}

/** Header cells A, B, … must read `expected` exactly; each mismatch is a missing column. */
export function headerIssues(sheet: Sheet, expected: readonly string[]): ImportIssue[] {
  return expected.flatMap((name, i) =>
    sheet.header[i] === name ? [] : [issue('GENERIC_MISSING_COLUMN', 1, { sheet: sheet.name, column: name, value: sheet.header[i] ?? null, message: name })],
  );
}

function metadataRow(sheet: Sheet, label: string): number {
  return sheet.rows.find((r) => r.cells[0] === label)?.row ?? -1;
}
