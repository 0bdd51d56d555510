import fs from 'node:fs';
import path from 'node:path';
import { describeBytes, ImportFileError } from './file-error.js';
import type { ParsedFile } from './importer.js';
import { collectSheets } from './raw-rows.js';
import { streamedSource } from './row-source.js';
import { textRows, type TextExtension } from './read-text.js';
import { checkWorkbook, workbookRows } from './read-xlsx.js';

export { IMPORT_FILE_STATUSES, ImportFileError, type ImportFileStatus } from './file-error.js';

/**
 * Files their importer opens itself, for what it needs of them: archives (images, shapefiles) and the
 * genotype formats (VCF, HapMap, Flapjack genotype and map files), which are read record by record.
 */
const OPENED_BY_IMPORTER = ['.zip', '.vcf', '.hapmap', '.dat', '.map'] as const;

/** Extensions this reader understands; an importer may accept fewer. */
export const READABLE_EXTENSIONS = ['.xlsx', '.txt', '.tsv', '.csv', ...OPENED_BY_IMPORTER] as const;

export interface ReadOptions {
  maxBytes: number;
  /** The name the user gave the file (uploads are stored under generated names). */
  originalName?: string;
  /** Extensions the chosen importer accepts, lower case with dot; default: all readable ones. */
  extensions?: readonly string[];
  /**
   * Leave the rows in the file: `sheets` stays empty and `rows` streams them each time it is read (for
   * importers that check and write in batches). Otherwise every sheet is read into memory here.
   */
  stream?: boolean;
  /** Notes for the job log (where a run of empty rows ended a sheet). */
  log?(line: string): void;
}

/**
 * Reads an import template into sheets of cleaned cell text. Every problem that makes the file unreadable
 * is thrown as an ImportFileError (one issue, row -1) so callers can show it like any other import issue.
 */
export async function readImportFile(file: string, options: ReadOptions): Promise<ParsedFile> {
  const shownName = options.originalName ?? path.basename(file);
  const extension = path.extname(shownName).toLowerCase();
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    throw new ImportFileError('GENERIC_FILE_NOT_FOUND', `File not found: ${shownName}`, shownName);
  }
  if (!stat.isFile()) throw new ImportFileError('GENERIC_FILE_NOT_FOUND', `Not a file: ${shownName}`, shownName);

  const accepted = (options.extensions ?? READABLE_EXTENSIONS).filter((e) =>
    (READABLE_EXTENSIONS as readonly string[]).includes(e),
  );
  if (!accepted.includes(extension)) {
    const shown = extension || '(none)';
    throw new ImportFileError(
      'GENERIC_INVALID_FILE_TYPE',
      `File type ${shown} is not accepted here; use ${accepted.join(', ') || 'another importer'}.`,
      extension,
    );
  }
  if (stat.size === 0) throw new ImportFileError('GENERIC_EMPTY_FILE', 'The file is empty.');
  if (stat.size > options.maxBytes) {
    throw new ImportFileError(
      'GENERIC_FILE_TOO_LARGE',
      `The file is ${describeBytes(stat.size)}; the limit is ${describeBytes(options.maxBytes)}.`,
      String(stat.size),
    );
  }

  // Every importer may keep the uploaded file (Germinate keeps it as a file resource, a backup curators can download).
  const source = { path: file, name: shownName };
  if (extension === '.zip') return { kind: 'zip', sheets: new Map(), source };
  if ((OPENED_BY_IMPORTER as readonly string[]).includes(extension)) return { kind: 'file', sheets: new Map(), source };
  const kind = extension === '.xlsx' ? 'xlsx' : 'text';
  const events = () => (kind === 'xlsx' ? workbookRows(file, options.maxBytes) : textRows(file, extension as TextExtension));
  if (options.stream) {
    if (kind === 'xlsx') await checkWorkbook(file, options.maxBytes);
    return { kind, sheets: new Map(), source, rows: streamedSource(events, options.log) };
  }
  try {
    return { kind, sheets: await collectSheets(events(), options.log), source };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EACCES') {
      throw new ImportFileError('GENERIC_FILE_NOT_FOUND', `File cannot be read: ${shownName}`, shownName);
    }
    throw error;
  }
}
