import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../src/server/db/database.js';
import type { CoreTables } from '../../src/server/db/tables.js';
import type { ImportDb, ImportIssue, ImportOptions, ImportStats, ParsedFile, TemplateImporter } from '../../src/server/import/importer.js';
import { readImportFile } from '../../src/server/import/read-file.js';
import { mcpdImporter } from '../../src/plugins/germplasm/import/mcpd-importer.js';
import { trialImporter } from '../../src/plugins/trials/import/trial-importer.js';
import type { TrialsTables } from '../../src/plugins/trials/tables.js';
import { freshDatabase, type TestDatabase } from '../support/databases.js';
import { scratchDir } from './helpers.js';

export const TRIALS_EXAMPLE = 'demo/trials/example-trials-data.xlsx';
export const MCPD_DEMO = 'demo/germplasm/example-germplasm-mcpd.xlsx';
/** The example trials' cultivars (not in the MCPD example): the trials plugin's own demo passport file. */
export const TRIALS_GERMPLASM = 'src/plugins/trials/demo/trials-germplasm.tsv';
export const MAX_BYTES = 64 * 1024 * 1024;
export const NOW = new Date('2025-01-01T00:00:00Z');

export type Cell = string | number | boolean | null;
/** A workbook as sheet name → rows (row 1 = header). */
export type Book = Record<string, Cell[][]>;

export const METADATA_ROWS: Cell[][] = [
  ['LABEL', 'DEFINITION', 'VALUE'],
  ...[
    'Title', 'Description', 'Rights', 'Date of creation', 'Publisher', 'Format', 'Language', 'Source', 'Type', 'Subject', 'Contact',
    'Investigation Title', 'Investigation Description', 'Investigation unique ID', 'Associated data file link',
    'Associated data file description', 'Associated data file version',
  ].map((label): Cell[] => [label, `About ${label}`, label === 'Title' ? 'Generated trial' : label === 'Description' ? 'A generated trial' : label === 'Investigation unique ID' ? 'INV-1' : null]),
];

export const PHENOTYPE_HEADER: Cell[] = [
  'Name', 'Short Name', 'Description', 'Data Type', 'Unit Name', 'Unit Abbreviation', 'Unit Descriptions',
  'Trait categories (comma separated)', 'Min (only for numeric traits)', 'Max (only for numeric traits)', 'Set Size', 'Is timeseries',
];

export const DATA_HEADER: Cell[] = ['Line/Phenotype', 'Rep', 'Block', 'Row', 'Column', 'Treatment', 'Location', 'Latitude', 'Longitude', 'Elevation', 'Height', 'Heading', 'Colour'];

/**
 * A small valid trials workbook: three traits (numeric with bounds, date, categorical), one site, four plots
 * of germplasm from the MCPD demo, and matching recording dates. Tests copy and break it one way each.
 */
export function validBook(): Book {
  // A deep copy each time: tests edit rows and headers in place.
  return structuredClone({
    METADATA: METADATA_ROWS.map((r) => [...r]),
    LOCATION: [['Name', 'Short name', 'Country', 'Elevation', 'Latitude', 'Longitude'], ['Field A', 'FA', 'GB', 10, 56.5, -3.1]],
    PHENOTYPES: [
      PHENOTYPE_HEADER,
      ['Height', 'HT', 'Plant height', 'numeric', 'Centimeters', 'cm', 'Centimetres', null, 0, 200, 1, 'false'],
      ['Heading', null, 'Heading date', 'date', null, null, null, null, null, null, null, null],
      ['Colour', null, 'Ear colour', 'categorical', null, null, null, '[["red","white"],["1","2"]]', null, null, null, 'no'],
    ],
    DATA: [
      [...DATA_HEADER],
      ['Heris', '1', '1', 1, 1, 'Sprayed', 'Field A', 56.1, -3.1, 12, 80.5, '2020-06-13', 'red'],
      ['Dialog', '1', '1', 1, 2, 'Sprayed', 'Field A', 56.2, -3.2, 13, 75, '2020-06-14', '2.0'],
      ['Zenit', '2', '1', 2, 1, 'Unsprayed', 'Field A', null, null, null, 90, null, 'white'],
      ['Heris', '2', '1', 2, 2, 'Unsprayed', null, null, null, null, null, '20200615', null],
    ],
    RECORDING_DATES: [
      [...DATA_HEADER],
      ['Heris', '1', '1', 1, 1, 'Sprayed', 'Field A', 56.1, -3.1, 12, '20200701', '20200613', '20200601'],
      ['Dialog', '1', '1', 1, 2, 'Sprayed', 'Field A', 56.2, -3.2, 13, '20200702', null, '20200601'],
      ['Zenit', '2', '1', 2, 1, 'Unsprayed', 'Field A', null, null, null, '20200703', null, null],
      ['Heris', '2', '1', 2, 2, 'Unsprayed', null, null, null, null, null, '20200615', null],
    ],
  });
}

const scratch = scratchDir();
let counter = 0;

/** Writes the book as a real .xlsx with exceljs and reads it back through the import reader. */
export async function xlsxFile(book: Book): Promise<{ path: string; file: ParsedFile }> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(book)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  counter += 1;
  const file = scratch.file(`trials-${counter}.xlsx`, new Uint8Array(await workbook.xlsx.writeBuffer()));
  return { path: file, file: await readImportFile(file, { maxBytes: MAX_BYTES }) };
}

export function removeScratch(): void {
  scratch.remove();
}

/** The fields of an issue that tests compare. */
export function brief(issues: ImportIssue[]) {
  return issues.map((i) => ({ status: i.status, type: i.type, rowIndex: i.rowIndex, sheet: i.sheet, column: i.column, value: i.value }));
}

export type Db = Kysely<CoreTables & TrialsTables>;

export interface TrialsHarness {
  test: TestDatabase;
  target: ImportDb;
  db: Db;
  options(extra?: Partial<ImportOptions>): ImportOptions;
  /** Check, then write in one transaction when there is no ERROR (what the pipeline does). */
  run(importer: TemplateImporter, file: ParsedFile, extra?: Partial<ImportOptions>): Promise<{ issues: ImportIssue[]; stats: ImportStats | null }>;
  count(table: keyof (CoreTables & TrialsTables)): Promise<number>;
  /** Row counts of every table a trials import writes. */
  counts(): Promise<Record<string, number>>;
}

export const WRITTEN_TABLES = [
  'phenotypes', 'units', 'treatments', 'trialsetup', 'phenotypedata', 'locations', 'datasetlocations', 'experiments', 'datasets',
  'attributes', 'attributedata', 'fileresources', 'datasetfileresources',
] as const;

/** A fresh database with the demo germplasm loaded (trials refer to it). */
export async function trialsHarness(dialect: DialectName): Promise<TrialsHarness> {
  const test = await freshDatabase(dialect);
  const target: ImportDb = { db: test.database.db, dialect };
  const db = test.database.db.withTables<TrialsTables>();
  const options = (extra: Partial<ImportOptions> = {}): ImportOptions => ({ update: false, now: NOW, dataDir: test.dataDir, userId: null, datasetStateId: 1, ...extra });
  const run: TrialsHarness['run'] = async (importer, file, extra) => {
    const issues = await importer.check(file, target, options(extra));
    if (issues.some((i) => i.type === 'ERROR')) return { issues, stats: null };
    const stats = await test.database.db.transaction().execute((trx) => importer.write(file, { db: trx, dialect }, options(extra)));
    return { issues, stats };
  };
  for (const demo of [MCPD_DEMO, TRIALS_GERMPLASM]) {
    const loaded = await run(mcpdImporter, await readImportFile(demo, { maxBytes: MAX_BYTES }));
    if (!loaded.stats) throw new Error(`${demo} did not load: ${JSON.stringify(loaded.issues.slice(0, 3))}`);
  }
  const count = async (table: keyof (CoreTables & TrialsTables)) =>
    Number((await (db as unknown as Kysely<Record<string, Record<string, unknown>>>).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return {
    test, target, db, options, run, count,
    async counts() {
      const out: Record<string, number> = {};
      for (const table of WRITTEN_TABLES) out[table] = await count(table);
      return out;
    },
  };
}

export { trialImporter };
