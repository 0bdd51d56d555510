import { issue, type ImportIssue, type ParsedFile, type Sheet } from '../../../server/import/importer.js';
import type { TrialsDb } from './bulk.js';
import { cellAt, parseDecimal, parseInteger } from './values.js';

/**
 * The shared "datasheet" part of the trials template (import-rules §2.2): METADATA (→ dataset), ATTRIBUTES
 * (→ dataset attributes), LOCATION (→ trial sites) and COLLABORATORS. Everything is checked before
 * anything is written; unlike Germinate every occurrence is reported.
 */
export const METADATA = 'METADATA';
export const ATTRIBUTES = 'ATTRIBUTES';
export const LOCATION = 'LOCATION';
export const COLLABORATORS = 'COLLABORATORS';

export const METADATA_LABELS = [
  'Title', 'Description', 'Rights', 'Date of creation', 'Publisher', 'Format', 'Language', 'Source', 'Type', 'Subject',
  'Contact', 'Investigation Title', 'Investigation Description', 'Investigation unique ID', 'Associated data file link',
  'Associated data file description', 'Associated data file version',
] as const;
/** MIAPPE labels kept as dataset attributes (text). Germinate loses "Investigation unique ID" to a typo; we keep it. */
export const MIAPPE_LABELS = METADATA_LABELS.slice(11);
const LOCATION_HEADER = ['Name', 'Short name', 'Country', 'Elevation', 'Latitude', 'Longitude'];
const ATTRIBUTE_HEADER = ['Attribute', 'Type', 'Value'];
const ATTRIBUTE_TYPES = ['numeric', 'categorical', 'date', 'text'];
const COLLABORATOR_HEADER = ['Last Name', 'First Name', 'Contributor role', 'Contributor ID', 'Email', 'Phone', 'Contributor', 'Address', 'Country'];
/** The dataset attribute that names an existing dataset to add the data to (not stored as an attribute). */
export const BRAPI_STUDY = 'BrAPI Study DB ID';

export interface Metadata {
  /** label → VALUE text */
  values: Map<string, string | null>;
}

export interface SiteRow {
  row: number;
  name: string;
  shortName: string | null;
  countryCode: string | null;
  elevation: number | null;
  latitude: number | null;
  longitude: number | null;
}

export interface AttributeRow {
  name: string;
  type: string;
  value: string;
}

export function readMetadata(sheet: Sheet | undefined): Metadata {
  const values = new Map<string, string | null>();
  for (const { cells } of sheet?.rows ?? []) {
    const label = cells[0];
    if (label !== null && !values.has(label)) values.set(label, cellAt(cells, 2));
  }
  return { values };
}

export function readSites(sheet: Sheet | undefined): SiteRow[] {
  return (sheet?.rows ?? [])
    .filter((r) => r.cells[0] !== null)
    .map(({ row, cells }) => ({
      row,
      name: cells[0] as string,
      shortName: cellAt(cells, 1),
      countryCode: cellAt(cells, 2),
      elevation: numberOrNull(cellAt(cells, 3)),
      latitude: numberOrNull(cellAt(cells, 4)),
      longitude: numberOrNull(cellAt(cells, 5)),
    }));
}

export function readAttributes(sheet: Sheet | undefined): AttributeRow[] {
  const out: AttributeRow[] = [];
  for (const { cells } of sheet?.rows ?? []) {
    const [name, type, value] = [cellAt(cells, 0), cellAt(cells, 1), cellAt(cells, 2)];
    if (name !== null && name !== BRAPI_STUDY && type !== null && value !== null && ATTRIBUTE_TYPES.includes(type)) out.push({ name, type, value });
  }
  return out;
}

const numberOrNull = (text: string | null) => (text === null ? null : parseDecimal(text));

function checkHeader(sheet: Sheet, expected: string[]): ImportIssue[] {
  return expected.flatMap((name, i) =>
    sheet.header[i] === name
      ? []
      : [issue('GENERIC_MISSING_COLUMN', 1, { sheet: sheet.name, column: name, value: sheet.header[i] ?? null, message: `Column '${name}' not found at position ${i + 1}.` })],
  );
}

export async function checkDatasheet(file: ParsedFile, db: TrialsDb): Promise<ImportIssue[]> {
  const issues: ImportIssue[] = [];
  const metadata = file.sheets.get(METADATA);
  const attributes = file.sheets.get(ATTRIBUTES);
  const study = brapiStudy(attributes);
  if (!metadata && study === null) {
    // Germinate crashes here (no dataset can be made); we say why.
    issues.push(issue('GENERIC_MISSING_EXCEL_SHEET', -1, { sheet: METADATA, value: METADATA, message: METADATA }));
  } else if (metadata) {
    issues.push(...checkHeader(metadata, ['LABEL', 'DEFINITION', 'VALUE']));
    const rows = new Map<string, number>();
    for (const { row, cells } of metadata.rows) if (cells[0] !== null && !rows.has(cells[0])) rows.set(cells[0], row);
    const values = readMetadata(metadata).values;
    for (const label of METADATA_LABELS) {
      const row = rows.get(label);
      if (row === undefined) {
        issues.push(issue('GENERIC_MISSING_REQUIRED_VALUE', -1, { sheet: METADATA, column: 'LABEL', value: label, message: `Missing '${label}' on 'METADATA' sheet.` }));
      } else if ((label === 'Title' || label === 'Description') && values.get(label) === null && study === null) {
        // Germinate tests the label instead of the value here; a dataset needs its name and description.
        issues.push(issue('GENERIC_MISSING_REQUIRED_VALUE', row, { sheet: METADATA, column: 'VALUE', value: label, message: `Missing '${label}' on 'METADATA' sheet.` }));
      }
    }
  }

  if (attributes && attributes.header.some((h) => h !== null)) {
    issues.push(...checkHeader(attributes, ATTRIBUTE_HEADER));
    for (const { row, cells } of attributes.rows) {
      const [name, type, value] = [cellAt(cells, 0), cellAt(cells, 1), cellAt(cells, 2)];
      if (name === null && type === null && value === null) continue;
      if (type === null || !ATTRIBUTE_TYPES.includes(type)) {
        issues.push(issue('GENERIC_INVALID_DATATYPE', row, { sheet: ATTRIBUTES, column: 'Type', value: type, message: `Data Type: ${type ?? ''}` }));
      }
      if (name === null) issues.push(issue('GENERIC_MISSING_REQUIRED_VALUE', row, { sheet: ATTRIBUTES, column: 'Attribute', value: null, message: 'Attribute' }));
    }
    if (study !== null) {
      const dataset = await db.selectFrom('datasets').select('id').where('id', '=', study.id ?? -1).where('datasettype_id', '=', 3).executeTakeFirst();
      if (!dataset) {
        issues.push(issue('GENERIC_INVALID_REFERENCE', study.row, { sheet: ATTRIBUTES, column: 'Value', value: study.text, message: `${BRAPI_STUDY}: no trials dataset ${study.text}` }));
      }
    }
  }

  const location = file.sheets.get(LOCATION);
  if (location) {
    issues.push(...checkHeader(location, LOCATION_HEADER));
    const countries = new Set((await db.selectFrom('countries').select('country_code2').execute()).map((c) => c.country_code2));
    for (const { row, cells } of location.rows) {
      const cell = (i: number) => cellAt(cells, i);
      const at = (i: number, value: string | null, message?: string) => ({ sheet: LOCATION, column: LOCATION_HEADER[i], value, message });
      if (cell(0) === null) issues.push(issue('GENERIC_MISSING_REQUIRED_VALUE', row, at(0, null, 'Location Name')));
      const short = cell(1);
      if (short !== null && short.length > 22) issues.push(issue('GENERIC_VALUE_TOO_LONG', row, at(1, short, `Short name: ${short} exceeds 22 characters.`)));
      const country = cell(2);
      if (country !== null && !countries.has(country)) issues.push(issue('GENERIC_INVALID_COUNTRY_CODE', row, at(2, country)));
      for (const i of [3, 4, 5]) {
        const text = cell(i);
        if (text !== null && parseDecimal(text) === null) issues.push(issue('GENERIC_INVALID_NUMBER', row, at(i, text)));
      }
    }
  }

  const collaborators = file.sheets.get(COLLABORATORS);
  if (collaborators) {
    const index = new Map(collaborators.header.flatMap((h, i) => (h === null ? [] : [[h, i] as const])));
    for (const name of COLLABORATOR_HEADER) {
      if (!index.has(name)) issues.push(issue('GENERIC_MISSING_COLUMN', 1, { sheet: COLLABORATORS, column: name, value: null, message: name }));
    }
    const countries = new Set((await db.selectFrom('countries').select('country_code2').execute()).map((c) => c.country_code2));
    // Row 2 is the template's explanation row.
    for (const { row, cells } of collaborators.rows.filter((r) => r.row >= 3)) {
      for (const name of ['First Name', 'Last Name']) {
        if (index.has(name) && cellAt(cells, index.get(name)) === null) {
          issues.push(issue('GENERIC_MISSING_REQUIRED_VALUE', row, { sheet: COLLABORATORS, column: name, value: null, message: name }));
        }
      }
      const country = cellAt(cells, index.get('Country'));
      if (country !== null && !countries.has(country)) issues.push(issue('GENERIC_INVALID_COUNTRY_CODE', row, { sheet: COLLABORATORS, column: 'Country', value: country }));
    }
  }
  return issues;
}

/** The `BrAPI Study DB ID` attribute row, if any: its value names the dataset to import into. */
export function brapiStudy(sheet: Sheet | undefined): { row: number; text: string; id: number | null } | null {
  for (const { row, cells } of sheet?.rows ?? []) {
    if (cellAt(cells, 0) === BRAPI_STUDY) {
      const text = cellAt(cells, 2) ?? '';
      return { row, text, id: parseInteger(text) };
    }
  }
  return null;
}
