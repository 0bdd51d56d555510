import path from 'node:path';
import type { Database } from '../db/database.js';
import type { ImportIssue, ImportOptions, ImportStats, ParsedFile, TemplateImporter } from './importer.js';
import { ImportFileError, readImportFile } from './read-file.js';

export interface ImportRequest {
  /** Where the file is on disk. */
  file: string;
  /** The user's file name (decides the file type); default: the name of `file`. */
  originalName?: string;
  /** Importer type, e.g. 'mcpd'. */
  type: string;
  update: boolean;
  checkOnly: boolean;
}

export interface ImportRunOptions {
  maxBytes: number;
  now: Date;
}

export interface ImportRunResult {
  /** 'rejected' = at least one ERROR (or an unreadable file): nothing was written. */
  status: 'checked' | 'imported' | 'rejected';
  issues: ImportIssue[];
  /** Set only when imported. */
  stats: ImportStats | null;
}

/** Thrown for a type no importer handles: a caller mistake, not a problem with the file. */
export class UnknownImportTypeError extends Error {
  constructor(
    readonly type: string,
    readonly known: string[],
  ) {
    super(`Unknown import type "${type}"; known types: ${known.length > 0 ? known.join(', ') : '(none)'}`);
    this.name = 'UnknownImportTypeError';
  }
}

/**
 * Read → check → (unless check-only or rejected) write in one transaction. Germinate writes row by row with
 * no transaction (import-rules §0.1); here a failing write leaves the database as it was.
 */
export async function runImport(
  database: Database,
  importers: TemplateImporter[],
  request: ImportRequest,
  options: ImportRunOptions,
): Promise<ImportRunResult> {
  const importer = importers.find((i) => i.type === request.type);
  if (!importer) throw new UnknownImportTypeError(request.type, importers.map((i) => i.type));

  let file: ParsedFile;
  try {
    file = await readImportFile(request.file, {
      maxBytes: options.maxBytes,
      originalName: request.originalName ?? path.basename(request.file),
      extensions: importer.extensions.map((e) => e.toLowerCase()),
    });
  } catch (error) {
    if (error instanceof ImportFileError) return { status: 'rejected', issues: [error.issue], stats: null };
    throw error;
  }

  const importOptions: ImportOptions = { update: request.update, now: options.now };
  const issues = await importer.check(file, { db: database.db, dialect: database.dialect }, importOptions);
  if (issues.some((i) => i.type === 'ERROR')) return { status: 'rejected', issues, stats: null };
  if (request.checkOnly) return { status: 'checked', issues, stats: null };

  const stats = await database.db
    .transaction()
    .execute(async (trx) => importer.write(file, { db: trx, dialect: database.dialect }, importOptions));
  return { status: 'imported', issues, stats };
}
