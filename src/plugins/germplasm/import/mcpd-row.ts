import { issue, type CellText, type ImportIssue, type ParsedFile, type Sheet } from '../../../server/import/importer.js';
import { ENTITY_PARENT_COLUMN, ENTITY_TYPE_COLUMN, MCPD_COLUMNS, type McpdColumn } from '../mcpd-codes.js';

export const DATA_SHEET = 'DATA';
export const ATTRIBUTES_SHEET = 'ADDITIONAL_ATTRIBUTES';

/** Every DATA column the importer reads: the 41 MCPD descriptors plus Germinate's two entity columns. */
export type McpdField = McpdColumn | typeof ENTITY_TYPE_COLUMN | typeof ENTITY_PARENT_COLUMN;
export const MCPD_FIELDS: readonly McpdField[] = [...MCPD_COLUMNS, ENTITY_TYPE_COLUMN, ENTITY_PARENT_COLUMN];
const KNOWN = new Set<string>(MCPD_FIELDS);

/** The mcpd table's `text` columns in Germinate's schema; every other column is varchar(255). */
const TEXT_COLUMNS = new Set<McpdField>(['PUID', 'COLLINSTADDRESS', 'ANCEST', 'OTHERNUMB', 'STORAGE', 'REMARKS']);
export const VARCHAR_LIMIT = 255;
export const TEXT_LIMIT = 65_535;

export function lengthLimit(field: McpdField): number {
  return TEXT_COLUMNS.has(field) ? TEXT_LIMIT : VARCHAR_LIMIT;
}

/** One DATA row by field name; absent columns read as null. `row` is the spreadsheet row / line number. */
export interface McpdRecord {
  row: number;
  values: Record<McpdField, CellText>;
}

export interface McpdLayout {
  /** Column index of each field present in the header (first occurrence when duplicated). */
  columns: Map<McpdField, number>;
  issues: ImportIssue[];
}

/**
 * The columns a delimited MCPD text file must have. A genebank exports the descriptors it records, and
 * the only value the import cannot do without is the accession number (every other MCPD value may be
 * empty), so only ACCENUMB is mandatory there; an absent column reads as empty. Germinate's Excel
 * template has every MCPD column, and a workbook missing one was not made from it: all are required.
 */
export const TEXT_MANDATORY_COLUMNS: readonly McpdField[] = ['ACCENUMB'];

/**
 * Reads the DATA header: duplicated headers and each missing required column are errors, unknown headers
 * a warning. The entity columns are optional (absent = every row an Accession without parent). `kind`
 * 'text' (delimited text) requires TEXT_MANDATORY_COLUMNS only, a workbook all MCPD columns.
 */
export function readLayout(sheet: Pick<Sheet, 'name' | 'header'>, kind: ParsedFile['kind'] = 'xlsx'): McpdLayout {
  const columns = new Map<McpdField, number>();
  const seen = new Set<string>();
  const issues: ImportIssue[] = [];
  sheet.header.forEach((name, index) => {
    if (name === null) return;
    if (seen.has(name)) {
      issues.push(issue('GENERIC_DUPLICATE_COLUMN', 1, { sheet: sheet.name, column: name, value: name, message: name }));
      return;
    }
    seen.add(name);
    if (isField(name)) columns.set(name, index);
    else issues.push(issue('GENERIC_UNKNOWN_COLUMN', 1, { sheet: sheet.name, column: name, value: name, message: name, type: 'WARNING' }));
  });
  for (const name of kind === 'text' ? TEXT_MANDATORY_COLUMNS : MCPD_COLUMNS) {
    if (!columns.has(name)) issues.push(issue('GENERIC_MISSING_COLUMN', -1, { sheet: sheet.name, column: name, message: name }));
  }
  return { columns, issues };
}

function isField(name: string): name is McpdField {
  return KNOWN.has(name);
}

// check() and write() get the same parsed file from the pipeline: read its rows once.
const cache = new WeakMap<Sheet, McpdRecord[]>();

/** The DATA rows as records (every non-empty row, including ones whose ACCENUMB is empty). Read-only. */
export function readRecords(sheet: Sheet, layout: McpdLayout): McpdRecord[] {
  const cached = cache.get(sheet);
  if (cached) return cached;
  const records = buildRecords(sheet, layout);
  cache.set(sheet, records);
  return records;
}

function buildRecords(sheet: Sheet, layout: McpdLayout): McpdRecord[] {
  const toRecord = recordReader(layout);
  return sheet.rows.map(({ row, cells }) => toRecord(row, cells));
}

/** Turns one DATA row's cells into a record by the layout's columns. */
export function recordReader(layout: McpdLayout): (row: number, cells: readonly CellText[]) => McpdRecord {
  const indexed = MCPD_FIELDS.flatMap((field) => {
    const index = layout.columns.get(field);
    return index === undefined ? [] : [[field, index] as const];
  });
  // Copies of one all-null template share a hidden class, so 43 assignments per row stay cheap.
  const template = Object.fromEntries(MCPD_FIELDS.map((field) => [field, null])) as Record<McpdField, CellText>;
  return (row, cells) => {
    const values = { ...template };
    for (const [field, index] of indexed) values[field] = cells[index] ?? null;
    return { row, values };
  };
}

/** Case-insensitive key of an accession number (ACCENUMB, parents, ADDITIONAL_ATTRIBUTES column A). */
export function accessionKey(accenumb: string): string {
  return accenumb.toLowerCase();
}

/** `;`-separated parts, trimmed (empty parts kept: callers decide what an empty part means). */
export function splitList(text: string | null): string[] {
  return text === null ? [] : text.split(';').map((part) => part.trim());
}

/** Length in characters (code points), as a database counts them; the cheap UTF-16 length first. */
export function characters(text: string): number {
  if (text.length <= VARCHAR_LIMIT) return text.length;
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
