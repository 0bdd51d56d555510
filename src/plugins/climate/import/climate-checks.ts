import { issue, type ImportIssue, type ParsedFile, type Sheet } from '../../../server/import/importer.js';
import type { ClimateDatatype } from '../tables.js';
import { cellOf, characters, headerIndex, parseDecimal, parseRecordingDate } from './values.js';

export const VARIABLE_HEADER = ['Name', 'Short Name', 'Description', 'Data Type', 'Unit Name', 'Unit Abbreviation', 'Unit Descriptions'] as const;
export const DATA_SHEET = 'DATA';

/** Germinate's data type words and the column value they are stored as (int/float → numeric, char → text). */
const DATATYPES: ReadonlyMap<string, ClimateDatatype> = new Map([
  ['int', 'numeric'], ['float', 'numeric'], ['numeric', 'numeric'], ['char', 'text'], ['text', 'text'],
  ['date', 'date'], ['categorical', 'categorical'],
]);

export function climateDatatype(text: string | null): ClimateDatatype | undefined {
  return text === null ? undefined : DATATYPES.get(text);
}

/** The definition sheet: `ENVIRONMENTAL VARIABLES`, or its older name `CLIMATES`. */
export function variableSheet(file: ParsedFile): Sheet | undefined {
  return file.sheets.get('ENVIRONMENTAL VARIABLES') ?? file.sheets.get('CLIMATES');
}

/** One variable defined on the definition sheet. */
export interface VariableRow {
  row: number;
  name: string;
  shortName: string | null;
  description: string | null;
  datatype: ClimateDatatype | undefined;
  unitName: string | null;
  unitAbbreviation: string | null;
  unitDescription: string | null;
}

export function readVariables(sheet: Sheet | undefined): VariableRow[] {
  if (!sheet) return [];
  const index = headerIndex(sheet);
  const out: VariableRow[] = [];
  for (const { row, cells } of sheet.rows) {
    const name = cellOf(cells, index, 'Name');
    if (name === null) continue;
    out.push({
      row,
      name,
      shortName: cellOf(cells, index, 'Short Name'),
      description: cellOf(cells, index, 'Description'),
      datatype: climateDatatype(cellOf(cells, index, 'Data Type')),
      unitName: cellOf(cells, index, 'Unit Name'),
      unitAbbreviation: cellOf(cells, index, 'Unit Abbreviation'),
      unitDescription: cellOf(cells, index, 'Unit Descriptions'),
    });
  }
  return out;
}

const LIMITS: [keyof VariableRow, string, number][] = [
  ['name', 'Name', 255], ['shortName', 'Short Name', 10], ['unitName', 'Unit Name', 255], ['unitAbbreviation', 'Unit Abbreviation', 10],
];

/** The definition sheet's checks; every occurrence. */
export function checkVariables(sheet: Sheet | undefined): ImportIssue[] {
  if (!sheet) return [];
  const out: ImportIssue[] = [];
  const index = headerIndex(sheet);
  for (const name of VARIABLE_HEADER) {
    if (!index.has(name)) out.push(issue('GENERIC_MISSING_COLUMN', 1, { sheet: sheet.name, column: name, value: null, message: name }));
  }
  const seen = new Set<string>();
  for (const { row, cells } of sheet.rows) {
    const at = (status: string, column: string, value: string | null, message?: string) =>
      out.push(issue(status, row, { sheet: sheet.name, column, value, ...(message === undefined ? {} : { message }) }));
    const name = cellOf(cells, index, 'Name');
    if (name === null) {
      // A definition without a name cannot be referenced; Germinate skipped it silently.
      at('GENERIC_MISSING_REQUIRED_VALUE', 'Name', null, 'Name');
      continue;
    }
    if (seen.has(name.toLowerCase())) at('GENERIC_DUPLICATE_VALUE', 'Name', name, `Name: ${name} is defined twice.`);
    seen.add(name.toLowerCase());
    const variable = readVariables({ ...sheet, rows: [{ row, cells }] })[0];
    for (const [key, column, limit] of LIMITS) {
      const value = variable[key] as string | null;
      if (value !== null && characters(value) > limit) at('GENERIC_VALUE_TOO_LONG', column, value, `${column}: ${value} (${characters(value)} characters, at most ${limit})`);
    }
    const type = cellOf(cells, index, 'Data Type');
    if (variable.datatype === undefined) at('TRIALS_INVALID_TRAIT_DATATYPE', 'Data Type', type, `Data Type: ${type ?? ''}`);
  }
  return out;
}

export interface DataContext {
  /** Variables by lower-case name: this file's definitions over the stored climates. */
  variables: ReadonlyMap<string, ClimateDatatype | undefined>;
  /** Names on the LOCATION sheet (exact, case-sensitive as Germinate). */
  locations: ReadonlySet<string>;
}

/** The DATA sheet: A location, B date, C… one variable per column. Every occurrence. */
export function checkData(sheet: Sheet | undefined, context: DataContext): ImportIssue[] {
  if (!sheet) {
    return [issue('GENERIC_MISSING_EXCEL_SHEET', -1, { sheet: DATA_SHEET, value: DATA_SHEET, message: "'DATA' sheet not found" })];
  }
  const out: ImportIssue[] = [];
  const header = sheet.header;
  if ((header[1] ?? null) !== 'Date') {
    out.push(issue('GENERIC_MISSING_COLUMN', 1, { sheet: DATA_SHEET, column: 'Date', value: header[1] ?? null, message: 'Date' }));
  }
  const seen = new Set<string>();
  for (let i = 2; i < header.length; i += 1) {
    const name = header[i];
    if (name === null) continue;
    if (seen.has(name)) out.push(issue('GENERIC_DUPLICATE_COLUMN', 1, { sheet: DATA_SHEET, column: name, value: name }));
    seen.add(name);
    if (!context.variables.has(name.toLowerCase())) {
      out.push(issue('CLIMATE_MISSING_CLIMATE_DECLARATION', 1, { sheet: DATA_SHEET, column: name, value: name, message: `'${name}' is defined neither on the 'ENVIRONMENTAL VARIABLES' sheet nor in the database.` }));
    }
  }
  const locationColumn = header[0] ?? 'Location';
  for (const { row, cells } of sheet.rows) {
    const location = cells[0] ?? null;
    if (location === null) {
      out.push(issue('GENERIC_MISSING_REQUIRED_VALUE', row, { sheet: DATA_SHEET, column: locationColumn, value: null, message: "'Location' value is missing." }));
    } else if (!context.locations.has(location)) {
      out.push(issue('CLIMATE_MISSING_LOCATION_DECLARATION', row, { sheet: DATA_SHEET, column: locationColumn, value: location, message: `Location '${location}' is not defined on the 'LOCATION' sheet.` }));
    }
    const date = cells[1] ?? null;
    // Germinate reports an unreadable date as a missing one; telling them apart says what to fix.
    if (date === null) out.push(issue('GENERIC_MISSING_REQUIRED_VALUE', row, { sheet: DATA_SHEET, column: 'Date', value: null, message: "'Date' value is missing." }));
    else if (parseRecordingDate(date) === null) out.push(issue('GENERIC_INVALID_DATE', row, { sheet: DATA_SHEET, column: 'Date', value: date }));
    for (let i = 2; i < cells.length; i += 1) {
      const value = cells[i];
      const name = header[i] ?? null;
      if (value === null || value === undefined) continue;
      if (name === null) {
        // A value under no header belongs to no variable: it would be lost silently.
        out.push(issue('GENERIC_MISSING_COLUMN', row, { sheet: DATA_SHEET, column: null, value, message: `A value in column ${i + 1} has no variable name in row 1.` }));
        continue;
      }
      const type = context.variables.get(name.toLowerCase());
      if (type === 'numeric' && parseDecimal(value) === null) out.push(issue('GENERIC_INVALID_NUMBER', row, { sheet: DATA_SHEET, column: name, value }));
      if (type === 'date' && parseRecordingDate(value) === null) out.push(issue('GENERIC_INVALID_DATE', row, { sheet: DATA_SHEET, column: name, value }));
    }
  }
  return out;
}
