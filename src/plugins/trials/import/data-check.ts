import { issue, type ImportIssue, type Sheet } from '../../../server/import/importer.js';
import type { GermplasmLookup } from '../../../server/import/germplasm-lookup.js';
import { matchCategory, type TraitDef } from './phenotypes.js';
import { cellAt, headerIndex, parseDecimal, parseShort, parseTrialDate } from './values.js';

export const DATA = 'DATA';
export const RECORDING_DATES = 'RECORDING_DATES';
export const FIXED = ['Line/Phenotype', 'Rep', 'Block', 'Row', 'Column', 'Treatment', 'Location', 'Latitude', 'Longitude', 'Elevation'] as const;
const REQUIRED = ['Line/Phenotype', 'Rep', 'Treatment'] as const;
/** The columns that say which plot a RECORDING_DATES row belongs to (paired with DATA by position). */
const IDENTIFYING = ['Line/Phenotype', 'Rep', 'Block', 'Row', 'Column', 'Treatment', 'Location'] as const;

export interface TraitColumn {
  index: number;
  header: string;
  /** undefined when the trait is declared nowhere (reported) */
  trait: TraitDef | undefined;
}

export interface DataLayout {
  columns: Map<string, number>;
  traits: TraitColumn[];
}

/**
 * Header of DATA or RECORDING_DATES: fixed columns by name (Germinate requires them first; we find them
 * anywhere), every other named column a trait, which must be declared on PHENOTYPES or in the database.
 */
export function readDataLayout(sheet: Sheet, catalogue: Map<string, TraitDef>): { layout: DataLayout; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const { columns, duplicates } = headerIndex(sheet);
  for (const d of duplicates) issues.push(issue('GENERIC_DUPLICATE_COLUMN', 1, { sheet: sheet.name, column: d.name, value: d.name }));
  for (const name of REQUIRED) {
    if (!columns.has(name)) issues.push(issue('GENERIC_MISSING_COLUMN', 1, { sheet: sheet.name, column: name, value: null, message: `'${name}' column not found` }));
  }
  const traits: TraitColumn[] = [];
  for (const [header, index] of columns) {
    if ((FIXED as readonly string[]).includes(header)) continue;
    const trait = catalogue.get(header.toLowerCase());
    if (!trait) issues.push(issue('TRIALS_MISSING_TRAIT_DECLARATION', 1, { sheet: sheet.name, column: header, value: header, message: header }));
    traits.push({ index, header, trait });
  }
  return { layout: { columns, traits }, issues };
}

export interface DataCheckContext {
  lookup: GermplasmLookup;
  /** Names on the LOCATION sheet (exact), or null when the workbook has none. */
  siteNames: Set<string> | null;
  signal?: AbortSignal;
  /** Fraction of the rows checked. */
  progress?(fraction: number): void;
}

const ROWS_PER_STEP = 5_000;

/** Every DATA row: germplasm, rep, plot position, coordinates, and each trait value against its trait. */
export function checkDataRows(sheet: Sheet, layout: DataLayout, context: DataCheckContext): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const c = layout.columns;
  const plots = new Map<string, { germplasm: string; row: number }>();
  const unnamed = new Set<number>();
  for (const [n, { row, cells }] of sheet.rows.entries()) {
    if (n % ROWS_PER_STEP === 0 && n > 0) {
      context.signal?.throwIfAborted();
      context.progress?.(n / sheet.rows.length);
    }
    const cell = (name: string) => cellAt(cells, c.get(name));
    const at = (column: string, value: string | null, message?: string) => ({ sheet: sheet.name, column, value, message });
    for (const [name, limit] of [['Rep', 10], ['Block', 10], ['Treatment', 255]] as const) {
      const text = cell(name);
      if (text !== null && text.length > limit) issues.push(issue('GENERIC_VALUE_TOO_LONG', row, at(name, text, `${name}: ${text} exceeds ${limit} characters.`)));
    }
    const germplasm = cell('Line/Phenotype');
    let germplasmKey: string | null = null;
    if (germplasm === null) {
      issues.push(issue('GENERIC_MISSING_REQUIRED_VALUE', row, at('Line/Phenotype', null, 'ACCENUMB missing')));
    } else {
      const match = context.lookup.resolve(germplasm);
      if ('status' in match) {
        const message = match.status === 'GENERIC_INVALID_GERMPLASM' ? `No germplasm has the name or display name ${germplasm}.` : `${germplasm} is the display name of several germplasm.`;
        issues.push(issue(match.status, row, at('Line/Phenotype', germplasm, message)));
      }
      germplasmKey = 'id' in match ? `#${match.id}` : germplasm.toLowerCase();
    }
    if (c.has('Rep') && cell('Rep') === null) {
      issues.push(issue('TRIALS_DATA_REP_MISSING', row, { ...at('Rep', null, 'Rep missing; 1 is used.'), type: 'WARNING' }));
    }
    const location = cell('Location');
    if (location !== null && !context.siteNames?.has(location)) {
      issues.push(issue('CLIMATE_MISSING_LOCATION_DECLARATION', row, at('Location', location, `Location '${location}' is not declared on the LOCATION sheet.`)));
    }
    const coordinate = (name: string) => {
      const text = cell(name);
      if (text !== null && parseDecimal(text) === null) {
        issues.push(issue('GENERIC_INVALID_DATATYPE', row, at(name, text, `Specified '${name}' is not a decimal value: ${text}`)));
      }
      return text;
    };
    const [latitude, longitude] = [coordinate('Latitude'), coordinate('Longitude')];
    coordinate('Elevation');
    if ((latitude === null) !== (longitude === null)) {
      const [column, value] = latitude === null ? ['Latitude', longitude] : ['Longitude', latitude];
      issues.push(issue('GENERIC_INVALID_LOCATION', row, at(column, null, `Only one of Latitude and Longitude is given (${value}).`)));
    }
    const position = (name: string) => {
      const text = cell(name);
      if (text !== null && parseShort(text) === null) {
        issues.push(issue('GENERIC_INVALID_DATATYPE', row, at(name, text, `Specified '${name}' is not a whole number from -32768 to 32767: ${text}`)));
      }
      return text === null ? null : parseShort(text);
    };
    const [trialRow, trialColumn] = [position('Row'), position('Column')];
    if ((trialRow !== null || trialColumn !== null) && germplasmKey !== null) {
      const key = `${trialRow ?? ''}|${trialColumn ?? ''}|${location ?? ''}`;
      const first = plots.get(key);
      const where = `Row: ${trialRow ?? ''}, Column: ${trialColumn ?? ''}, Location: ${location ?? ''}`;
      if (!first) plots.set(key, { germplasm: germplasmKey, row });
      else if (first.germplasm !== germplasmKey) {
        issues.push(issue('TRIALS_ROW_COL_MISMATCH', row, at('Row', where, `${where} already holds other germplasm (row ${first.row}).`)));
      }
    }
    for (const column of layout.traits) {
      const value = cellAt(cells, column.index);
      if (value !== null && column.trait) issues.push(...checkValue(value, column.trait, at(column.header, value), row));
    }
    cells.forEach((value, index) => {
      if (value !== null && (sheet.header[index] ?? null) === null && !unnamed.has(index)) {
        // Values under no header would be dropped without a word: say so once per column.
        unnamed.add(index);
        issues.push(issue('GENERIC_UNKNOWN_COLUMN', row, { sheet: sheet.name, column: `#${index + 1}`, value, message: `Column ${index + 1} has values but no header; they are ignored.`, type: 'WARNING' }));
      }
    });
  }
  return issues;
}

function checkValue(value: string, trait: TraitDef, where: { sheet: string; column: string; value: string | null }, row: number): ImportIssue[] {
  if (value.length > 255) return [issue('GENERIC_VALUE_TOO_LONG', row, { ...where, message: `${where.column}: the value exceeds 255 characters.` })];
  const { min, max, categories } = trait.restrictions;
  if (trait.datatype === 'date') return parseTrialDate(value) === null ? [issue('GENERIC_INVALID_DATE', row, where)] : [];
  if (trait.datatype === 'numeric' || min !== undefined || max !== undefined) {
    const number = parseDecimal(value);
    if (number === null) {
      if (trait.datatype === 'numeric' || !categories) return [issue('GENERIC_INVALID_NUMBER', row, where)];
    } else if (min !== undefined && number < min) {
      return [issue('TRIALS_DATA_VIOLATES_RESTRICTION', row, { ...where, message: `${where.column}: ${value} is below the minimum ${min}.` })];
    } else if (max !== undefined && number > max) {
      return [issue('TRIALS_DATA_VIOLATES_RESTRICTION', row, { ...where, message: `${where.column}: ${value} is above the maximum ${max}.` })];
    }
  }
  // Germinate checks categories only with two or more lists; any list restricts the values here.
  if (categories && matchCategory(value, categories) === null) {
    const allowed = [...new Set(categories.flat())].join(', ');
    return [issue('TRIALS_DATA_VIOLATES_RESTRICTION', row, { ...where, message: `${where.column}: ${value} is not one of ${allowed}.` })];
  }
  return [];
}

/** RECORDING_DATES must mirror DATA row for row (paired by position) and hold dates in the trait cells. */
export function checkRecordingDates(data: Sheet, dates: Sheet, layout: DataLayout, datesLayout: DataLayout): ImportIssue[] {
  if (dates.rows.length === 0) return [];
  if (dates.rows.length !== data.rows.length) {
    return [
      issue('TRIALS_DATA_DATE_IDENTIFIER_MISMATCH', -1, {
        sheet: RECORDING_DATES, value: String(dates.rows.length),
        message: `RECORDING_DATES has ${dates.rows.length} rows, DATA has ${data.rows.length}.`,
      }),
    ];
  }
  const width = Math.max(data.header.length, dates.header.length);
  const headerIssues: ImportIssue[] = [];
  for (let i = 0; i < width; i += 1) {
    const [a, b] = [data.header[i] ?? null, dates.header[i] ?? null];
    if (a !== b) {
      headerIssues.push(issue('TRIALS_DATA_DATE_HEADER_MISMATCH', 1, { sheet: RECORDING_DATES, column: a ?? `#${i + 1}`, value: b, message: `Column ${i + 1}: '${b ?? ''}' on RECORDING_DATES, '${a ?? ''}' on DATA.` }));
    }
  }
  if (headerIssues.length > 0) return headerIssues;
  const issues: ImportIssue[] = [];
  dates.rows.forEach(({ row, cells }, i) => {
    const other = data.rows[i];
    for (const name of IDENTIFYING) {
      const [mine, theirs] = [cellAt(cells, datesLayout.columns.get(name)), cellAt(other.cells, layout.columns.get(name))];
      if (mine !== theirs) {
        issues.push(issue('TRIALS_DATA_DATE_IDENTIFIER_MISMATCH', row, { sheet: RECORDING_DATES, column: name, value: mine, message: `${name}: '${mine ?? ''}' differs from DATA row ${other.row}: '${theirs ?? ''}'.` }));
        break;
      }
    }
    for (const column of datesLayout.traits) {
      const text = cellAt(cells, column.index);
      if (text !== null && parseTrialDate(text) === null) issues.push(issue('GENERIC_INVALID_DATE', row, { sheet: RECORDING_DATES, column: column.header, value: text }));
    }
  });
  return issues;
}
