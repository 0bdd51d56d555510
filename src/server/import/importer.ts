import type { Kysely } from 'kysely';
import type { CoreTables } from '../db/tables.js';
import type { DialectName } from '../db/database.js';
import type { RowSource } from './row-source.js';

/**
 * One problem found in an import file. Keeps Germinate's job feedback shape (status, rowIndex, message,
 * type: Germinate's DataImportJobs) and adds where it is (sheet, column), the offending value and a message key
 * (`importStatus.<STATUS>` in locales/*.json) for our client.
 */
export interface ImportIssue {
  /** Germinate ImportStatus name, e.g. MCPD_DUPLICATE_ACCENUMB */
  status: string;
  type: 'ERROR' | 'WARNING';
  /** Spreadsheet row number (1-based, header row = 1), or -1 when not tied to a row. */
  rowIndex: number;
  /** Germinate-style short text: usually "COLUMN: value" or the value. */
  message: string;
  sheet: string | null;
  column: string | null;
  value: string | null;
  messageKey: string;
}

/** A cell as the importers see it: trimmed text, or null when empty (Germinate's cell rules). */
export type CellText = string | null;

/** One sheet of a workbook, or the single table of a delimited text file (sheet name 'DATA'). */
export interface Sheet {
  name: string;
  /** Header cells of row 1 (null = empty header cell). */
  header: CellText[];
  /** Non-empty data rows in file order; `row` is the 1-based spreadsheet/line number. */
  rows: { row: number; cells: CellText[] }[];
}

export interface ParsedFile {
  /** Sheets by exact name (none for a zip or a `file`: its importer opens it from `source`). */
  sheets: Map<string, Sheet>;
  /** `file`: a format its importer reads itself (see read-file.ts). */
  kind: 'xlsx' | 'text' | 'zip' | 'file';
  /** The uploaded file itself (archives are opened from it; others may keep it as a backup). */
  source?: { path: string; name: string };
  /** Set when the file was opened for streaming (`sheets` is then empty): read it through rowSource(). */
  rows?: RowSource;
}

export interface ImportStats {
  germplasm?: number;
  updated?: number;
  attributes?: number;
  attributeValues?: number;
  institutions?: number;
  locations?: number;
  taxonomies?: number;
  [key: string]: number | undefined;
}

export interface ImportOptions {
  /** Update existing records instead of inserting new ones. */
  update: boolean;
  now: Date;
  /** State of the datasets an import creates (1 public, 2 private, 3 hidden); default 1. */
  datasetStateId?: number;
  /** The existing dataset an import adds to (e.g. a trial's shapefile); null/absent = none. */
  targetDatasetId?: number | null;
  /** Who imports (recorded as created_by / user_id); null = the command line or anonymous. */
  userId?: number | null;
  /** Where files the import keeps (images, file resources) go: DATA_DIR. */
  dataDir?: string;
  /** Genotype files: GENOTYPE_GERMPLASM_BY_MARKER (default) or GENOTYPE_MARKER_BY_GERMPLASM. */
  dataOrientation?: string | null;
  /**
   * Genotype and allele-frequency files: germplasm that match none stored are created (name only) instead of
   * being errors; the curator asks for it per import. Default off.
   */
  createGermplasm?: boolean;
  /** Reports progress as a fraction 0..1 (the job's progress bar); optional. */
  progress?(fraction: number): void;
  /** Set when the job is cancelled: long loops should check it and stop (throwing). */
  signal?: AbortSignal;
}

/** What an importer gets: a database handle (inside a transaction when writing) and its dialect. */
export interface ImportDb {
  db: Kysely<CoreTables>;
  dialect: DialectName;
}

/**
 * A template importer (one per template type). `check` reads the database but never writes; `write`
 * runs only when `check` reported no ERROR, inside one transaction that the pipeline opens and commits.
 */
export interface TemplateImporter {
  /** Germinate datatype name: 'mcpd', 'trial', 'pedigree', … */
  type: string;
  /** Accepted file extensions, lower case with dot. */
  extensions: string[];
  /**
   * Reads rows through rowSource() in batches instead of `file.sheets`: the pipeline then leaves them in
   * the file, and check and write each stream it again (memory does not grow with the number of rows).
   */
  streams?: boolean;
  check(file: ParsedFile, db: ImportDb, options: ImportOptions): Promise<ImportIssue[]>;
  write(file: ParsedFile, db: ImportDb, options: ImportOptions): Promise<ImportStats>;
  /**
   * Optional: the slow part of a write that writes nothing (e.g. rendering rasters), run before the write
   * transaction opens — on SQLite that transaction holds the database's one write lock, which the server's
   * own requests then wait for. Returns the rest of the write, which the pipeline runs in the transaction.
   * An importer with `stage` still answers `write` (stage, then the rest in the caller's transaction).
   */
  stage?(file: ParsedFile, db: ImportDb, options: ImportOptions): Promise<StagedWrite>;
}

/**
 * The rest of a staged write. `discard` (optional) removes what the stage made outside the database (a
 * genotype matrix file) when the write transaction fails, so a rolled-back import leaves nothing on disk.
 */
export type StagedWrite = ((db: ImportDb) => Promise<ImportStats>) & { discard?(): Promise<void> | void };

export function issue(
  status: string,
  rowIndex: number,
  fields: { sheet?: string | null; column?: string | null; value?: string | null; message?: string; type?: 'ERROR' | 'WARNING' },
): ImportIssue {
  const value = fields.value ?? null;
  const column = fields.column ?? null;
  return {
    status,
    type: fields.type ?? 'ERROR',
    rowIndex,
    message: fields.message ?? (column && value !== null ? `${column}: ${value}` : (value ?? column ?? '')),
    sheet: fields.sheet ?? null,
    column,
    value,
    messageKey: `importStatus.${status}`,
  };
}
