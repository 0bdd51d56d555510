import { issue, type ImportIssue, type Sheet } from '../../../server/import/importer.js';
import type { TraitDatatype } from '../tables.js';
import type { TrialsDb } from './bulk.js';
import { cellAt, headerIndex, parseDecimal, parseInteger } from './values.js';

export const PHENOTYPES = 'PHENOTYPES';
const REQUIRED = ['Name', 'Short Name', 'Description', 'Data Type', 'Unit Name', 'Unit Abbreviation', 'Unit Descriptions'] as const;
/** Optional columns, found ignoring case (the example template writes "Set size", the reader "Set Size"). */
const CATEGORIES = 'Trait categories (comma separated)';
const MIN = 'Min (only for numeric traits)';
const MAX = 'Max (only for numeric traits)';
const SET_SIZE = 'Set Size';
const TIMESERIES = 'Is timeseries';

/** The template's data type words (exact, case-sensitive) → the stored datatype. */
const DATATYPES: Record<string, TraitDatatype> = {
  int: 'numeric', float: 'numeric', numeric: 'numeric', char: 'text', text: 'text', date: 'date', categorical: 'categorical',
};
const BOOLEANS: Record<string, boolean> = { true: true, yes: true, '1': true, false: false, no: false, '0': false };

export interface Restrictions {
  categories?: string[][];
  min?: number;
  max?: number;
}

/** A trait as the DATA checks need it: from the PHENOTYPES sheet or already in the database. */
export interface TraitDef {
  name: string;
  datatype: TraitDatatype;
  restrictions: Restrictions;
  /** PHENOTYPES row; null for a trait only in the database */
  row: number | null;
  id?: number;
  shortName?: string | null;
  description?: string | null;
  unit?: { name: string; abbreviation: string | null; description: string | null } | null;
  setSize?: number | null;
  isTimeseries?: boolean;
}

/** Parses the categories cell: a JSON array of string lists, all of one length when there are several. */
export function parseCategories(text: string): string[][] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length === 0) return null;
  if (!value.every((list) => Array.isArray(list) && list.length > 0 && list.every((v) => typeof v === 'string' || typeof v === 'number'))) return null;
  const lists = (value as (string | number)[][]).map((list) => list.map(String));
  return lists.every((list) => list.length === lists[0].length) ? lists : null;
}

/** Reads and checks the PHENOTYPES sheet; rows without a Name are skipped (Germinate's rule). */
export function readPhenotypes(sheet: Sheet | undefined): { traits: TraitDef[]; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const traits: TraitDef[] = [];
  if (!sheet) return { traits, issues };
  const { columns, duplicates } = headerIndex(sheet);
  for (const d of duplicates) issues.push(issue('GENERIC_DUPLICATE_COLUMN', 1, { sheet: PHENOTYPES, column: d.name, value: d.name }));
  for (const name of REQUIRED) if (!columns.has(name)) issues.push(issue('GENERIC_MISSING_COLUMN', 1, { sheet: PHENOTYPES, column: name, value: null, message: name }));
  if (!columns.has('Name')) return { traits, issues };
  const lower = new Map([...columns].map(([name, i]) => [name.toLowerCase(), i]));
  const optional = (name: string) => lower.get(name.toLowerCase());
  const seen = new Map<string, number>();
  for (const { row, cells } of sheet.rows) {
    const cell = (name: string) => cellAt(cells, columns.get(name));
    const name = cell('Name');
    if (name === null) continue;
    const at = (column: string, value: string | null, message?: string) => ({ sheet: PHENOTYPES, column, value, message });
    const tooLong = (column: string, value: string | null, limit: number, label: string) => {
      if (value !== null && value.length > limit) issues.push(issue('GENERIC_VALUE_TOO_LONG', row, at(column, value, `${label}: ${value} exceeds ${limit} characters.`)));
    };
    tooLong('Name', name, 255, 'Name');
    tooLong('Short Name', cell('Short Name'), 10, 'Short name');
    tooLong('Unit Name', cell('Unit Name'), 255, 'Unit name');
    tooLong('Unit Abbreviation', cell('Unit Abbreviation'), 10, 'Unit abbreviation');
    const first = seen.get(name.toLowerCase());
    if (first !== undefined) issues.push(issue('GENERIC_DUPLICATE_VALUE', row, at('Name', name, `Trait ${name} is already defined in row ${first}.`)));
    else seen.set(name.toLowerCase(), row);

    const typeText = cell('Data Type');
    const datatype = typeText === null ? undefined : DATATYPES[typeText];
    if (datatype === undefined) issues.push(issue('TRIALS_INVALID_TRAIT_DATATYPE', row, at('Data Type', typeText, `Data Type: ${typeText ?? ''}`)));

    const restrictions: Restrictions = {};
    const categoriesText = cellAt(cells, optional(CATEGORIES));
    if (categoriesText !== null) {
      const categories = parseCategories(categoriesText);
      if (categories === null) issues.push(issue('TRIALS_INVALID_TRAIT_CATEGORIES', row, at(CATEGORIES, categoriesText)));
      else restrictions.categories = categories;
    }
    for (const [column, key] of [[MIN, 'min'], [MAX, 'max']] as const) {
      const text = cellAt(cells, optional(column));
      if (text === null) continue;
      const value = parseDecimal(text);
      if (value === null) issues.push(issue('GENERIC_INVALID_NUMBER', row, at(column, text)));
      else restrictions[key] = value;
    }
    if (restrictions.min !== undefined && restrictions.max !== undefined && restrictions.min > restrictions.max) {
      issues.push(issue('TRIALS_DATA_VIOLATES_RESTRICTION', row, at(MIN, String(restrictions.min), `Min ${restrictions.min} is greater than max ${restrictions.max}.`)));
    }
    // Germinate parses the Min cell here (a bug); we check the Set Size cell itself.
    const setSizeText = cellAt(cells, optional(SET_SIZE));
    const setSize = setSizeText === null ? null : parseInteger(setSizeText);
    if (setSizeText !== null && (setSize === null || setSize < 0)) {
      issues.push(issue('GENERIC_INVALID_NUMBER', row, at(SET_SIZE, setSizeText, `Set size isn't a valid number: ${setSizeText}`)));
    }
    const timeseriesText = cellAt(cells, optional(TIMESERIES));
    const isTimeseries = timeseriesText === null ? false : BOOLEANS[timeseriesText.toLowerCase()];
    if (isTimeseries === undefined) issues.push(issue('GENERIC_INVALID_BOOLEAN', row, at(TIMESERIES, timeseriesText)));

    const unitName = cell('Unit Name');
    traits.push({
      name, datatype: datatype ?? 'text', restrictions, row, shortName: cell('Short Name'), description: cell('Description'),
      unit: unitName === null ? null : { name: unitName, abbreviation: cell('Unit Abbreviation'), description: cell('Unit Descriptions') },
      setSize, isTimeseries: isTimeseries ?? false,
    });
  }
  return { traits, issues };
}

export function parseRestrictions(value: unknown): Restrictions {
  const parsed: unknown = typeof value === 'string' ? safeJson(value) : value;
  if (!parsed || typeof parsed !== 'object') return {};
  const r = parsed as Record<string, unknown>;
  const out: Restrictions = {};
  if (Array.isArray(r.categories)) out.categories = (r.categories as unknown[]).filter(Array.isArray).map((l) => (l as unknown[]).map(String));
  if (typeof r.min === 'number') out.min = r.min;
  if (typeof r.max === 'number') out.max = r.max;
  return out;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Traits by lower-cased name: the file's definitions over the database's (first stored one per name). */
export async function traitCatalogue(db: TrialsDb, fileTraits: TraitDef[]): Promise<Map<string, TraitDef>> {
  const out = new Map<string, TraitDef>();
  const stored = await db.selectFrom('phenotypes').select(['id', 'name', 'datatype', 'restrictions']).orderBy('id', 'desc').execute();
  for (const t of stored) out.set(t.name.toLowerCase(), { id: t.id, name: t.name, datatype: t.datatype, restrictions: parseRestrictions(t.restrictions), row: null });
  const fromFile = new Set<string>();
  for (const t of fileTraits) {
    const key = t.name.toLowerCase();
    if (fromFile.has(key)) continue;
    fromFile.add(key);
    out.set(key, t);
  }
  return out;
}

/** The category spelling a value matches (exactly, or numerically so "2.0" matches "2"), or null. */
export function matchCategory(value: string, categories: string[][]): string | null {
  for (const list of categories) if (list.includes(value)) return value;
  const number = parseDecimal(value);
  if (number === null) return null;
  for (const list of categories) {
    for (const entry of list) {
      const other = parseDecimal(entry);
      if (other !== null && Math.abs(other - number) < 1e-6) return entry;
    }
  }
  return null;
}
