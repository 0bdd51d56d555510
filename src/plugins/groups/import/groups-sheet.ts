import { issue, type CellText, type ImportIssue, type Sheet } from '../../../server/import/importer.js';
import { GROUP_TYPE } from '../tables.js';

export type MemberKind = 'germplasm' | 'markers' | 'locations';

/** The template's sheets (exact names, each optional) and what their items are. */
export const GROUP_SHEETS: readonly { name: string; kind: MemberKind; grouptypeId: number }[] = [
  { name: 'GERMPLASM', kind: 'germplasm', grouptypeId: GROUP_TYPE.germplasm },
  { name: 'MARKERS', kind: 'markers', grouptypeId: GROUP_TYPE.markers },
  { name: 'LOCATIONS', kind: 'locations', grouptypeId: GROUP_TYPE.locations },
];

export const VISIBILITIES = ['public', 'private'] as const;
export const NAME_LIMIT = 255;
const VISIBILITY_ROW = 2;
const NAME_ROW = 3;
const FIRST_MEMBER_ROW = 4;

/** One group: a column from B on, with description (row 1), visibility (row 2) and name (row 3). */
export interface GroupColumn {
  index: number;
  letter: string;
  description: CellText;
  visibility: CellText;
  name: CellText;
}

/** An item row (row 4 on): its identifier in column A and one cell per column. */
export interface MemberRow {
  row: number;
  identifier: CellText;
  cells: CellText[];
}

export interface GroupSheet {
  name: string;
  kind: MemberKind;
  grouptypeId: number;
  columns: GroupColumn[];
  members: MemberRow[];
  /** Index of the last filled cell of row 2 and of row 3 (-1 when empty). */
  lastVisibility: number;
  lastName: number;
}

/** A, B, …, Z, AA, … for a 0-based column index. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

function lastFilled(cells: readonly CellText[] | undefined): number {
  if (!cells) return -1;
  for (let i = cells.length - 1; i >= 0; i -= 1) if (cells[i] !== null && cells[i] !== undefined) return i;
  return -1;
}

/** Reads a group sheet's layout: every column from B that holds anything in any row is a group column. */
export function readGroupSheet(sheet: Sheet, kind: MemberKind, grouptypeId: number): GroupSheet {
  const byRow = new Map(sheet.rows.map((r) => [r.row, r.cells]));
  const visibility = byRow.get(VISIBILITY_ROW) ?? [];
  const names = byRow.get(NAME_ROW) ?? [];
  const members = sheet.rows
    .filter((r) => r.row >= FIRST_MEMBER_ROW)
    .map((r) => ({ row: r.row, identifier: r.cells[0] ?? null, cells: r.cells }));
  const width = Math.max(lastFilled(sheet.header), lastFilled(visibility), lastFilled(names), ...members.map((m) => lastFilled(m.cells))) + 1;
  const columns: GroupColumn[] = [];
  for (let index = 1; index < width; index += 1) {
    const cell = (cells: readonly CellText[]) => cells[index] ?? null;
    const used = [sheet.header, visibility, names, ...members.map((m) => m.cells)].some((cells) => cell(cells) !== null);
    if (!used) continue;
    columns.push({ index, letter: columnLetter(index), description: cell(sheet.header), visibility: cell(visibility), name: cell(names) });
  }
  return { name: sheet.name, kind, grouptypeId, columns, members, lastVisibility: lastFilled(visibility), lastName: lastFilled(names) };
}

/**
 * The checks that need no database (all but resolving the items, each reported at every
 * occurrence): header rows 2 and 3 of different length, missing or invalid visibility, missing or too long
 * name, member cells other than `x`, and (ours) a marked row without an identifier.
 */
export function checkLayout(group: GroupSheet): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const sheet = group.name;
  const shorter = Math.min(group.lastVisibility, group.lastName);
  for (const column of group.columns) {
    const where = { sheet, column: column.letter };
    const oneMissing = (column.visibility === null) !== (column.name === null);
    if (oneMissing && column.index > shorter) {
      // Germinate: "rows 2 and 3 have different cell counts"; we name the column that sticks out.
      const row = column.visibility === null ? VISIBILITY_ROW : NAME_ROW;
      const value = column.visibility ?? column.name;
      issues.push(issue('GROUP_HEADER_MISMATCH', row, { ...where, value, message: `Column: ${column.letter} Rows 2 and 3 differ in length` }));
    } else {
      if (column.visibility === null) {
        issues.push(issue('GENERIC_MISSING_REQUIRED_VALUE', VISIBILITY_ROW, { ...where, message: `Column: ${column.letter} Missing group visibility` }));
      }
      if (column.name === null) {
        issues.push(issue('GENERIC_MISSING_REQUIRED_VALUE', NAME_ROW, { ...where, message: `Column: ${column.letter} Missing group name` }));
      }
    }
    if (column.visibility !== null && !(VISIBILITIES as readonly string[]).includes(column.visibility)) {
      issues.push(issue('GROUP_INVALID_GROUP_VISIBILITY', VISIBILITY_ROW, {
        ...where, value: column.visibility, message: `Column: ${column.letter} Value: ${column.visibility}`,
      }));
    }
    if (column.name !== null && [...column.name].length > NAME_LIMIT) {
      issues.push(issue('GENERIC_VALUE_TOO_LONG', NAME_ROW, {
        ...where, value: column.name, message: `Column: ${column.letter} Group name longer than ${NAME_LIMIT} characters`,
      }));
    }
  }
  for (const member of group.members) {
    let marked = false;
    for (const column of group.columns) {
      const value = member.cells[column.index] ?? null;
      if (value === null) continue;
      marked = true;
      if (value !== 'x') {
        issues.push(issue('GROUP_INVALID_CELL_VALUE', member.row, { sheet, column: column.letter, value, message: `Column: ${column.letter} Value: ${value}` }));
      }
    }
    if (member.identifier === null && marked) {
      issues.push(issue('GENERIC_MISSING_REQUIRED_VALUE', member.row, { sheet, column: 'A', message: 'Missing item identifier' }));
    }
  }
  return issues;
}
