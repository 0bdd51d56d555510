import type { PassThrough } from 'node:stream';
import { ZipAnswer } from '../http/zip-answer.js';
import type { Extra } from './restriction.js';
import type { TableSource } from '../db/read-pool.js';
import type { ExportRequest } from '../../core/table-request.js';
import { toSnakeCase } from '../../core/table-request.js';
import { spreadsheetText } from '../../core/spreadsheet-cell.js';
import type { QueryCaller, TableQuery } from './engine.js';

/** A cell of the file (read by people in spreadsheets): never a formula, on one line, in its column. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  // Quoted first, so that a tab or carriage return that starts a value still counts as a formula start.
  return spreadsheetText(text).replace(/[\t\r\n]+/g, ' ');
}

function timestamp(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}-${p(date.getHours())}-${p(date.getMinutes())}-${p(date.getSeconds())}`;
}

export interface TableExport {
  filename: string;
  stream: PassThrough;
}

/**
 * A …/table/export: a zip holding one tab-separated file (CRLF, header of snake_case names, or only the
 * mapped columns with the mapped header texts), written batch by batch as the rows are read.
 */
export function exportTable(
  db: TableSource,
  query: TableQuery,
  request: ExportRequest,
  prefix: string,
  now: Date,
  /** The caller (required for dataset-scoped views) and any condition of the endpoint itself. */
  scope: { caller?: QueryCaller; extra?: Extra | null } = {},
): TableExport {
  const keys = query.view.exportColumns ?? Object.keys(query.view.columns);
  const mapping = request.columnNameMapping ?? null;
  // Unknown keys in the mapping are ignored (clients send columns this server may not have); when none is
  // known the file keeps every column rather than being a list of empty lines.
  const mapped: { key: string; header: string }[] = [];
  for (const [name, header] of Object.entries(mapping ?? {})) {
    const found = query.column(name);
    if (found) mapped.push({ key: found[0], header: cell(header) });
  }
  const columns = mapped.length > 0 ? mapped : keys.map((key) => ({ key, header: toSnakeCase(key) }));
  // Validate filters now, so a bad column is a 400 before streaming begins.
  query.where(request.filter, scope.extra, scope.caller);
  const extension = (request.forcedFileExtension ?? 'txt').replace(/[^A-Za-z0-9]/g, '').slice(0, 10) || 'txt';
  const stamp = timestamp(now);
  const zip = new ZipAnswer();
  const entry = zip.entry(`${prefix}-${stamp}.${extension}`);
  const write = async () => {
    entry.text(columns.map((c) => c.header).join('\t') + '\r\n');
    for await (const batch of query.batches(db, request.filter, columns.map((c) => c.key), scope)) {
      // The client went away: stop reading the table.
      if (zip.gone) return;
      entry.text(batch.map((row) => columns.map((c) => cell(row[c.key])).join('\t') + '\r\n').join(''));
      await zip.flow();
    }
    entry.end();
    zip.end();
  };
  const stream = zip.run(write);
  return { filename: `${prefix}--${stamp}-${crypto.randomUUID()}.zip`, stream };
}
