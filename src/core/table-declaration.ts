import type { PaneInstance } from './contracts.js';
import type { MarkableType } from './marked-items.js';

/**
 * What a domain declares to get a table pane: the server table, its columns, how a row is named and
 * opened, what it marks and how it exports. The shared table (src/shell/table) brings the rest: the
 * filter modal and filter line, hidden columns, page size, jump to page, marking, keys, URL state,
 * print and empty states.
 */

/** How a column's values read and compare: the filter line offers the comparators that fit. */
export type ColumnType = 'text' | 'number' | 'date' | 'boolean' | 'list';

export interface TableColumn {
  /** The row key the server sends and filters on (Germinate's name, e.g. `germplasmName`). */
  id: string;
  /** Message key of its header. */
  titleKey: string;
  type?: ColumnType;
  /** Not shown until the user shows it (ids and paths that help machines more than readers). */
  hidden?: boolean;
}

export interface TableDeclaration<R extends Record<string, unknown>> {
  /** The key of the user's hidden columns and of the server's hiddenColumns setting (`germplasm`). */
  id: string;
  /** The server's table path, a TableView (`germplasm/table`). */
  path: string;
  /** Its export path, if it has one (`germplasm/table/export`); it exports the current filter. */
  exportPath?: string;
  /** File name for an export the server does not name. */
  exportName?: string;
  columns: readonly TableColumn[];
  /** The row's database id (for marking and the cursor in the URL). */
  rowId(row: R): number;
  /** The row's name, read out for the row under the cursor. */
  rowTitle(row: R): string;
  /** The marked-items list the rows belong to; absent = rows cannot be marked. */
  markType?: MarkableType;
  /** The pane the open action shows for a row (in place with Enter, beside with Shift+Enter). */
  open?(row: R): PaneInstance;
  /** Text of a cell; default: the value as text (lists joined, booleans ✓). */
  cellText?(row: R, column: string): string;
}

/** A cell's value as text: what the grid shows and what the print view prints. */
export function defaultCellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => defaultCellText(item)).join(', ');
  if (typeof value === 'boolean') return value ? '✓' : '';
  if (typeof value === 'object') {
    // Named things (institutions, collaborators) read as their name and, when given, their type.
    const named = value as Record<string, unknown>;
    if (typeof named.name === 'string') return named.type ? `${named.name} (${String(named.type)})` : named.name;
    return JSON.stringify(value);
  }
  return String(value);
}

/** The hidden columns of a table: the user's choice, else the server's setting, else the declaration's. */
export function hiddenColumnsOf(
  columns: readonly TableColumn[],
  stored: readonly string[] | undefined,
  fromSettings: readonly string[] | undefined,
): string[] {
  return [...(stored ?? fromSettings ?? columns.filter((column) => column.hidden).map((column) => column.id))];
}
