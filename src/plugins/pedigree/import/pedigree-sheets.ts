import { issue, type CellText, type ImportIssue, type ParsedFile, type Sheet } from '../../../server/import/importer.js';
import type { RelationshipType } from '../tables.js';
import { checkPositionalHeader } from '../../../server/import/headers.js';
import type { GermplasmLookup } from '../../../server/import/germplasm-lookup.js';

export const DATA_SHEET = 'DATA';
export const STRING_SHEET = 'DATA-STRING';
export const DATA_HEADER = [
  'ACCENUMB', 'Parent 1 ACCENUMB', 'Parent 2 ACCENUMB', 'Description of Crossing Procedure (if applicable)', 'Pedigree Description',
  'Pedigree Author',
] as const;
export const STRING_HEADER = ['ACCENUMB', 'Pedigree string', 'Pedigree Notation'] as const;
/**
 * Optional columns (ours; Germinate ignores extra columns, so such a file still loads there): the sex of
 * each parent, F, M or OTHER (any case). Without them every relationship is OTHER, as in Germinate.
 */
/** Names, descriptions, authors and notations: varchar(255) in Germinate's schema. */
const NAME_LIMIT = 255;
export const PARENT_TYPE_COLUMNS = ['Parent 1 type', 'Parent 2 type'] as const;
const RELATIONSHIP_TYPES: readonly RelationshipType[] = ['F', 'M', 'OTHER'];

export interface PedigreeRow {
  row: number;
  child: CellText;
  parent1: CellText;
  parent2: CellText;
  crossing: CellText;
  description: CellText;
  author: CellText;
  /** Raw type cells of parent 1 and parent 2 (null = OTHER). */
  types: [CellText, CellText];
}

export interface DefinitionRow {
  row: number;
  germplasm: CellText;
  definition: CellText;
  notation: CellText;
}

export function relationshipType(text: CellText): RelationshipType | null {
  if (text === null) return 'OTHER';
  const upper = text.toUpperCase() as RelationshipType;
  return RELATIONSHIP_TYPES.includes(upper) ? upper : null;
}

export function readPedigreeRows(sheet: Sheet): PedigreeRow[] {
  const typeIndex = PARENT_TYPE_COLUMNS.map((name) => sheet.header.indexOf(name));
  const at = (cells: CellText[], i: number) => (i < 0 ? null : (cells[i] ?? null));
  return sheet.rows.map(({ row, cells }) => ({
    row,
    child: at(cells, 0),
    parent1: at(cells, 1),
    parent2: at(cells, 2),
    crossing: at(cells, 3),
    description: at(cells, 4),
    author: at(cells, 5),
    types: [at(cells, typeIndex[0]), at(cells, typeIndex[1])],
  }));
}

export function readDefinitionRows(sheet: Sheet): DefinitionRow[] {
  return sheet.rows.map(({ row, cells }) => ({ row, germplasm: cells[0] ?? null, definition: cells[1] ?? null, notation: cells[2] ?? null }));
}

/** Both sheets (DATA, DATA-STRING) must exist, with the template's headers in place. */
export function checkPedigreeSheets(file: ParsedFile, lookup: GermplasmLookup, signal?: AbortSignal): ImportIssue[] {
  let issues: ImportIssue[] = [];
  const data = file.sheets.get(DATA_SHEET);
  const strings = file.sheets.get(STRING_SHEET);
  for (const [name, sheet] of [[DATA_SHEET, data], [STRING_SHEET, strings]] as const) {
    if (!sheet) issues.push(issue('GENERIC_MISSING_EXCEL_SHEET', -1, { sheet: name, value: name, message: name }));
  }
  if (data) {
    // Columns are read by position: rows under a wrong header would be read as the wrong values.
    if (checkPositionalHeader(data, DATA_HEADER, issues)) issues = issues.concat(checkData(readPedigreeRows(data), lookup, signal));
  }
  if (strings) {
    if (checkPositionalHeader(strings, STRING_HEADER, issues)) issues = issues.concat(checkDefinitions(readDefinitionRows(strings), lookup));
  }
  return issues;
}

function germplasmIssue(lookup: GermplasmLookup, sheet: string, row: number, column: string, name: string): ImportIssue[] {
  const match = lookup.resolve(name);
  return 'id' in match ? [] : [issue(match.status, row, { sheet, column, value: name, message: name })];
}

function tooLong(sheet: string, row: number, column: string, value: CellText): ImportIssue[] {
  return value !== null && [...value].length > NAME_LIMIT
    ? [issue('GENERIC_VALUE_TOO_LONG', row, { sheet, column, value, message: `${column}: ${value.slice(0, 40)}… (at most ${NAME_LIMIT} characters)` })]
    : [];
}

function checkData(rows: PedigreeRow[], lookup: GermplasmLookup, signal?: AbortSignal): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const [child, parent1, parent2, , description, author] = DATA_HEADER;
  const missing = (row: number, column: string) => issue('GENERIC_MISSING_REQUIRED_VALUE', row, { sheet: DATA_SHEET, column, message: column });
  for (const r of rows) {
    signal?.throwIfAborted();
    if (r.child === null) issues.push(missing(r.row, child));
    else issues.push(...germplasmIssue(lookup, DATA_SHEET, r.row, child, r.child));
    // The README calls parent 1 required; Germinate's lookup fails on it at import time instead.
    if (r.parent1 === null) issues.push(missing(r.row, parent1));
    else issues.push(...germplasmIssue(lookup, DATA_SHEET, r.row, parent1, r.parent1));
    if (r.parent2 !== null) issues.push(...germplasmIssue(lookup, DATA_SHEET, r.row, parent2, r.parent2));
    if (r.description === null) issues.push(missing(r.row, description));
    issues.push(...tooLong(DATA_SHEET, r.row, description, r.description), ...tooLong(DATA_SHEET, r.row, author, r.author));
    r.types.forEach((text, i) => {
      if (relationshipType(text) === null) {
        issues.push(issue('PEDIGREE_INVALID_RELATIONSHIP_TYPE', r.row, { sheet: DATA_SHEET, column: PARENT_TYPE_COLUMNS[i], value: text }));
      }
    });
  }
  return issues;
}

function checkDefinitions(rows: DefinitionRow[], lookup: GermplasmLookup): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const [germplasm, definition, notation] = STRING_HEADER;
  const missing = (row: number, column: string) => issue('GENERIC_MISSING_REQUIRED_VALUE', row, { sheet: STRING_SHEET, column, message: column });
  for (const r of rows) {
    if (r.germplasm === null) issues.push(missing(r.row, germplasm));
    else issues.push(...germplasmIssue(lookup, STRING_SHEET, r.row, germplasm, r.germplasm));
    if (r.definition === null) issues.push(missing(r.row, definition));
    if (r.notation === null) issues.push(missing(r.row, notation));
    issues.push(...tooLong(STRING_SHEET, r.row, notation, r.notation));
  }
  return issues;
}
