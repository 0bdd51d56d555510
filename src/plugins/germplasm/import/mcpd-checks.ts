import { issue, type ImportIssue } from '../../../server/import/importer.js';
import { COLLSRC, ENTITY_TYPES, MLSSTAT, SAMPSTAT, STORAGE } from '../mcpd-codes.js';
import { dmsRollsOver, inRange, parseDecimal, parseDms, parseInteger, parseWholeNumber, type Axis } from './mcpd-coordinates.js';
import { parseMcpdDate } from './mcpd-dates.js';
import { accessionKey, characters, DATA_SHEET, lengthLimit, MCPD_FIELDS, splitList, type McpdField, type McpdRecord } from './mcpd-row.js';

/** What the row checks need from the database, loaded once per check. */
export interface CheckContext {
  update: boolean;
  /** Upper-case ISO alpha-3 code → countries.id. */
  countries: ReadonlyMap<string, number>;
  /** accessionKey(general_identifier) → germinatebase.id of the germplasm already stored. */
  existing: ReadonlyMap<string, number>;
  /**
   * Whether the file has an ACCENUMB column (default true). Without one the header check reports it once,
   * not every row again, and the rows' other values are still checked.
   */
  accenumbColumn?: boolean;
}

const SAMPSTAT_CODES = new Set(SAMPSTAT.map(([code]) => code));
const COLLSRC_CODES = new Set(COLLSRC.map(([code]) => code));
const MLSSTAT_CODES = new Set(MLSSTAT.map(([code]) => code));
const STORAGE_CODES = new Set(STORAGE.map(([code]) => String(code)));
const ENTITY_TYPE_IDS = new Map(ENTITY_TYPES.map(([id, name]) => [name.toLowerCase(), id]));

/** entitytypes.id of an `Entity type` cell (case-insensitive name), or undefined when unknown. */
export function entityTypeId(name: string): number | undefined {
  return ENTITY_TYPE_IDS.get(name.toLowerCase());
}

/** A STORAGE cell: one or more codes of the MCPD STORAGE list separated by `;` (spaces allowed). */
export function isStorage(text: string): boolean {
  return splitList(text).every((code) => STORAGE_CODES.has(code));
}

/**
 * Alpha-3 codes that ISO 3166-1 changed while the country stayed (old MCPD files still carry them): they
 * count as the current code. Countries that no longer exist (SUN, YUG, CSK, …) have rows of their own,
 * as MCPD v2.1 asks for ISO 3166-3 codes there.
 */
const RENAMED_CODES: ReadonlyMap<string, string> = new Map([
  ['ROM', 'ROU'],
  ['ZAR', 'COD'],
  ['TMP', 'TLS'],
]);

/** A valid ORIGCTY's countries.id, or undefined. `UNK` (id −1) is valid. */
export function countryId(code: string | null, countries: ReadonlyMap<string, number>): number | undefined {
  if (code === null) return undefined;
  const upper = code.toUpperCase();
  return countries.get(RENAMED_CODES.get(upper) ?? upper);
}

/**
 * Checks every DATA row (Germinate's checks plus our stricter rules) and reports every occurrence.
 * Issues come out in row order; within a row in the order of the rules.
 */
export function checkRecords(records: McpdRecord[], context: CheckContext): ImportIssue[] {
  const checker = new RecordChecker(context);
  for (const record of records) checker.add(record);
  return checker.finish();
}

/**
 * Checks rows as they stream by, keeping only the file's accession numbers (for duplicates and parents)
 * and the issues. A parent not known yet may still come later in the file (a forward reference): its issue
 * is reported in place and withdrawn at the end if the parent turned up.
 */
export class RecordChecker {
  private readonly issues: ImportIssue[] = [];
  private readonly seen = new Set<string>();
  private readonly pending: { issue: ImportIssue; key: string }[] = [];

  constructor(private readonly context: CheckContext) {}

  add(record: McpdRecord): void {
    checkRecord(record, this.context, this.seen, this.pending, this.issues);
  }

  /** accessionKey of every ACCENUMB seen so far. */
  get keys(): ReadonlySet<string> {
    return this.seen;
  }

  finish(): ImportIssue[] {
    const withdrawn = new Set(this.pending.filter((p) => this.seen.has(p.key)).map((p) => p.issue));
    return withdrawn.size === 0 ? this.issues : this.issues.filter((i) => !withdrawn.has(i));
  }
}

function checkRecord(
  record: McpdRecord,
  context: CheckContext,
  seen: Set<string>,
  pending: { issue: ImportIssue; key: string }[],
  out: ImportIssue[],
): void {
  const v = record.values;
  const report = (status: string, column: McpdField, value: string | null, message?: string, type: 'ERROR' | 'WARNING' = 'ERROR') =>
    out.push(issue(status, record.row, { sheet: DATA_SHEET, column, value, type, ...(message === undefined ? {} : { message }) }));

  const accenumb = v.ACCENUMB;
  if (accenumb === null) {
    if (context.accenumbColumn !== false) report('MCPD_MISSING_FIELD', 'ACCENUMB', null);
  } else {
    const key = accessionKey(accenumb);
    const repeated = seen.has(key);
    seen.add(key);
    const stored = context.existing.has(key);
    // One issue per row even when the number is both repeated and stored.
    if (repeated || (!context.update && stored)) report('MCPD_DUPLICATE_ACCENUMB', 'ACCENUMB', accenumb);
    if (context.update && !stored) report('GENERIC_MISSING_DB_ITEM_UPDATE', 'ACCENUMB', accenumb);
  }
  if (!context.update) {
    if (v.SPECIES !== null && v.GENUS === null) report('MCPD_MISSING_FIELD', 'GENUS', null);
    if (v.SUBTAXA !== null && v.SPECIES === null) report('MCPD_MISSING_FIELD', 'SPECIES', null);
  }
  checkDate(v.ACQDATE, 'ACQDATE', report);

  const country = countryId(v.ORIGCTY, context.countries);
  if (v.ORIGCTY !== null && country === undefined) report('GENERIC_INVALID_COUNTRY_CODE', 'ORIGCTY', v.ORIGCTY);
  // A site without any country is kept under "unknown country" (UNK) with a warning: real passports
  // (e.g. Genesys) have such rows, and refusing them would lose the site. An invalid code stays an error.
  if (v.COLLSITE !== null && v.ORIGCTY === null) {
    report('GENERIC_MISSING_COUNTRY', 'COLLSITE', v.COLLSITE, `COLLSITE: ${v.COLLSITE} (no ORIGCTY: stored under UNK)`, 'WARNING');
  }

  checkCoordinate(v.DECLATITUDE, 'DECLATITUDE', 'latitude', report);
  checkDms(v.LATITUDE, 'LATITUDE', 'latitude', report);
  checkCoordinate(v.DECLONGITUDE, 'DECLONGITUDE', 'longitude', report);
  checkDms(v.LONGITUDE, 'LONGITUDE', 'longitude', report);
  if (v.COORDUNCERT !== null && parseWholeNumber(v.COORDUNCERT) === null) report('GENERIC_INVALID_NUMBER', 'COORDUNCERT', v.COORDUNCERT);
  if (v.ELEVATION !== null && parseDecimal(v.ELEVATION) === null) report('GENERIC_INVALID_NUMBER', 'ELEVATION', v.ELEVATION);
  checkDate(v.COLLDATE, 'COLLDATE', report);

  checkCode(v.SAMPSTAT, 'SAMPSTAT', SAMPSTAT_CODES, 'MCPD_INVALID_SAMPSTAT', report);
  checkCode(v.MLSSTAT, 'MLSSTAT', MLSSTAT_CODES, 'MCPD_INVALID_MLSSTATUS', report);
  checkCode(v.COLLSRC, 'COLLSRC', COLLSRC_CODES, 'MCPD_INVALID_COLLSRC', report);
  if (v.STORAGE !== null && !isStorage(v.STORAGE)) report('MCPD_INVALID_STORAGE', 'STORAGE', v.STORAGE);

  const type = v['Entity type'];
  if (type !== null && entityTypeId(type) === undefined) report('MCPD_INVALID_ENTITY_TYPE', 'Entity type', type);
  const parent = v['Entity parent ACCENUMB'];
  if (parent !== null) {
    const key = accessionKey(parent);
    if (!seen.has(key) && !context.existing.has(key)) {
      report('MCPD_INVALID_ENTITY_PARENT_ACCENUMB', 'Entity parent ACCENUMB', parent);
      pending.push({ issue: out[out.length - 1], key });
    }
  }

  if (v.DUPLINSTNAME !== null && splitList(v.DUPLSITE).length !== splitList(v.DUPLINSTNAME).length) {
    report('MCPD_INVALID_DUPLINST_NAME_MAPPING', 'DUPLINSTNAME', v.DUPLINSTNAME, `DUPLSITE: ${v.DUPLSITE ?? ''} - DUPLINSTNAME: ${v.DUPLINSTNAME}`);
  }

  for (const field of MCPD_FIELDS) {
    const value = v[field];
    if (value === null) continue;
    const limit = lengthLimit(field);
    const length = characters(value);
    if (length > limit) report('GENERIC_VALUE_TOO_LONG', field, value, `${field}: ${value.slice(0, 40)}… (${length} characters, at most ${limit})`);
  }
}

type Report = (status: string, column: McpdField, value: string | null, message?: string, type?: 'ERROR' | 'WARNING') => void;

function checkDms(text: string | null, column: McpdField, axis: Axis, report: Report): void {
  if (text === null) return;
  const value = parseDms(text, axis);
  if (value === null) report('MCPD_INVALID_DMS', column, text);
  else if (dmsRollsOver(text, axis)) report('MCPD_INVALID_DMS', column, text, `${column}: ${text} (60 read as the next unit: ${value})`, 'WARNING');
}

function checkDate(text: string | null, column: McpdField, report: Report): void {
  if (text !== null && parseMcpdDate(text) === null) report('GENERIC_INVALID_DATE', column, text);
}

function checkCoordinate(text: string | null, column: McpdField, axis: Axis, report: Report): void {
  if (text === null) return;
  const value = parseDecimal(text);
  if (value === null || !inRange(value, axis)) report('GENERIC_INVALID_NUMBER', column, text);
}

/** SAMPSTAT, COLLSRC, MLSSTAT: one integer code (digits only, as Germinate), which must be in the list. */
function checkCode(text: string | null, column: McpdField, codes: Set<number>, status: string, report: Report): void {
  if (text === null) return;
  const code = parseInteger(text);
  if (code === null) report('GENERIC_INVALID_NUMBER', column, text);
  else if (!codes.has(code)) report(status, column, text);
}
