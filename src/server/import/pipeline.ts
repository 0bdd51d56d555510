import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { CoreTables } from '../db/tables.js';
import type { ImportDb, ImportIssue, ImportOptions, ImportStats, ParsedFile, StagedWrite, TemplateImporter } from './importer.js';
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
  /** Passed to the importer (ImportOptions): the state of created datasets (default 1), target, user, DATA_DIR. */
  datasetStateId?: number;
  targetDatasetId?: number | null;
  userId?: number | null;
  dataDir?: string;
  /** Genotype files: GENOTYPE_GERMPLASM_BY_MARKER (default) or GENOTYPE_MARKER_BY_GERMPLASM. */
  dataOrientation?: string | null;
  /** Genotype and allele-frequency files: create the germplasm that match none stored (ImportOptions). */
  createGermplasm?: boolean;
  /** Overall progress 0..1 (reading, checking, then writing); the importer reports within its phase. */
  progress?(fraction: number): void;
  /** Aborts the run: checked between phases here and in the importers' long loops. */
  signal?: AbortSignal;
  /** One line per step (the job's log). */
  log?(line: string): void;
  /** Called as each phase starts: a job runner knows when the write transaction holds the database. */
  phase?(name: 'read' | 'check' | 'write'): void;
  /** Runs inside the write transaction after the importer wrote: a job marks itself done atomically. */
  beforeCommit?(db: ImportDb, stats: ImportStats, issues: ImportIssue[]): Promise<void>;
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
 * no transaction; here a failing write leaves the database as it was.
 */
export async function runImport(
  database: Database,
  importers: TemplateImporter[],
  request: ImportRequest,
  options: ImportRunOptions,
): Promise<ImportRunResult> {
  const importer = importers.find((i) => i.type === request.type);
  if (!importer) throw new UnknownImportTypeError(request.type, importers.map((i) => i.type));

  const log = options.log ?? (() => undefined);
  const report = phaseProgress(options.progress);
  options.signal?.throwIfAborted();
  options.phase?.('read');
  let file: ParsedFile;
  try {
    file = await readImportFile(request.file, {
      maxBytes: options.maxBytes,
      originalName: request.originalName ?? path.basename(request.file),
      extensions: importer.extensions.map((e) => e.toLowerCase()),
      stream: importer.streams === true,
      log,
    });
  } catch (error) {
    if (error instanceof ImportFileError) {
      log(`The file cannot be read: ${error.message}`);
      return { status: 'rejected', issues: error.issues, stats: null };
    }
    throw error;
  }
  if (file.rows) log(`Opened ${file.kind} file: its rows are read as they are checked`);
  else log(`Read ${file.kind} file: ${file.sheets.size} sheet(s)${[...file.sheets.values()].map((s) => ` ${s.name} (${s.rows.length} rows)`).join(',')}`);
  report.at(READ_SHARE);

  const checkShare = request.checkOnly ? 1 : CHECK_SHARE;
  const importOptions: ImportOptions = {
    update: request.update,
    now: options.now,
    datasetStateId: options.datasetStateId ?? 1,
    targetDatasetId: options.targetDatasetId ?? null,
    userId: options.userId ?? null,
    dataDir: options.dataDir,
    dataOrientation: options.dataOrientation ?? null,
    createGermplasm: options.createGermplasm === true,
    signal: options.signal,
    progress: report.within(READ_SHARE, checkShare),
  };
  options.signal?.throwIfAborted();
  options.phase?.('check');
  let issues: ImportIssue[];
  try {
    issues = await importer.check(file, { db: database.db, dialect: database.dialect }, importOptions);
  } catch (error) {
    // A streamed file shows what is wrong with it while it is checked (bad bytes, a broken sheet, formulas).
    if (error instanceof ImportFileError) {
      log(`The file cannot be read: ${error.message}`);
      return { status: 'rejected', issues: error.issues, stats: null };
    }
    throw error;
  }
  const errors = issues.filter((i) => i.type === 'ERROR').length;
  log(`Checked: ${errors} error(s), ${issues.length - errors} warning(s)`);
  if (errors > 0) return { status: 'rejected', issues, stats: null };
  if (request.checkOnly) return { status: 'checked', issues, stats: null };
  report.at(checkShare);

  options.signal?.throwIfAborted();
  log('Writing in one transaction');
  options.phase?.('write');
  const writeOptions: ImportOptions = { ...importOptions, progress: report.within(checkShare, 1) };
  const write = importer.stage
    ? await importer.stage(file, { db: database.db, dialect: database.dialect }, writeOptions)
    : (db: ImportDb) => importer.write(file, db, writeOptions);
  options.signal?.throwIfAborted();
  let stats: ImportStats;
  try {
    stats = await writeTransaction(database, async (trx) => {
      const db: ImportDb = { db: trx, dialect: database.dialect };
      const written = await write(db);
      options.signal?.throwIfAborted();
      await options.beforeCommit?.(db, written, issues);
      return written;
    });
  } catch (error) {
    // What the stage put on disk belongs to a dataset that was never committed.
    await (write as StagedWrite).discard?.();
    throw error;
  }
  report.at(1);
  return { status: 'imported', issues, stats };
}

/**
 * One transaction for the whole write. On SQLite it begins IMMEDIATE: it takes the write lock first
 * (waiting for busy_timeout if another connection writes), because a deferred transaction that read
 * before another connection committed fails with "database is locked" at its first write, no waiting
 * (WAL snapshot rule) — and an import runs in a worker thread beside the server's own connection.
 */
async function writeTransaction<T>(database: Database, work: (db: Kysely<CoreTables>) => Promise<T>): Promise<T> {
  if (database.dialect !== 'sqlite') return database.db.transaction().execute(work);
  return database.db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      const result = await work(connection);
      await sql`COMMIT`.execute(connection);
      return result;
    } catch (error) {
      await sql`ROLLBACK`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

/** Reading takes this share of the bar, checking up to CHECK_SHARE, writing the rest. */
const READ_SHARE = 0.1;
const CHECK_SHARE = 0.5;

/** Maps an importer's 0..1 within a phase onto the overall bar, never moving backwards. */
function phaseProgress(progress: ((fraction: number) => void) | undefined) {
  let last = 0;
  const at = (fraction: number) => {
    const value = Math.min(1, Math.max(last, fraction));
    if (value === last && value !== 0) return;
    last = value;
    progress?.(value);
  };
  return {
    at,
    within: (from: number, to: number) => (fraction: number) => {
      if (Number.isFinite(fraction)) at(from + (to - from) * Math.min(1, Math.max(0, fraction)));
    },
  };
}
