import type { Kysely } from 'kysely';
import type { DialectName } from '../../src/server/db/database.js';
import type { CoreTables } from '../../src/server/db/tables.js';
import type { ImportDb, ImportIssue, ImportStats, ParsedFile, Sheet } from '../../src/server/import/importer.js';
import { mcpdImporter } from '../../src/plugins/germplasm/import/mcpd-importer.js';
import { MCPD_FIELDS, type McpdField } from '../../src/plugins/germplasm/import/mcpd-row.js';
import type { GermplasmTables } from '../../src/plugins/germplasm/tables.js';
import { freshDatabase, type TestDatabase } from '../support/databases.js';

export type Row = Partial<Record<McpdField, string>>;
export const FULL_HEADER: string[] = [...MCPD_FIELDS];

/** A DATA sheet from a header and rows given by column name (rows numbered from 2, as in a workbook). */
export function dataSheet(rows: Row[], header: (string | null)[] = FULL_HEADER): Sheet {
  return {
    name: 'DATA',
    header,
    rows: rows.map((values, i) => ({
      row: i + 2,
      cells: header.map((h) => (h === null ? null : ((values as Record<string, string | undefined>)[h] ?? null))),
    })),
  };
}

export function attributesSheet(header: (string | null)[], rows: (string | null)[][]): Sheet {
  return { name: 'ADDITIONAL_ATTRIBUTES', header, rows: rows.map((cells, i) => ({ row: i + 2, cells })) };
}

export function workbook(...sheets: Sheet[]): ParsedFile {
  return { kind: 'xlsx', sheets: new Map(sheets.map((s) => [s.name, s])) };
}

export function mcpdFile(rows: Row[], header?: (string | null)[]): ParsedFile {
  return workbook(dataSheet(rows, header));
}

/** The fields of an issue that tests compare (message and key follow from them). */
export function brief(issues: ImportIssue[]) {
  return issues.map((i) => ({ status: i.status, type: i.type, rowIndex: i.rowIndex, sheet: i.sheet, column: i.column, value: i.value }));
}

export interface Harness {
  test: TestDatabase;
  target: ImportDb;
  db: Kysely<CoreTables & GermplasmTables>;
  check(file: ParsedFile, update?: boolean): Promise<ImportIssue[]>;
  /** The pipeline: check, and write in one transaction only when there is no ERROR. */
  run(file: ParsedFile, update?: boolean): Promise<{ issues: ImportIssue[]; stats: ImportStats | null }>;
  /** write() alone, in a transaction (what the pipeline does after a clean check). */
  write(file: ParsedFile, update?: boolean): Promise<ImportStats>;
  count(table: keyof GermplasmTables): Promise<number>;
}

const NOW = new Date('2025-01-01T00:00:00Z');

export async function harness(dialect: DialectName): Promise<Harness> {
  const test = await freshDatabase(dialect);
  const target: ImportDb = { db: test.database.db, dialect };
  const db = test.database.db.withTables<GermplasmTables>();
  const write = (file: ParsedFile, update = false) =>
    test.database.db.transaction().execute((trx) => mcpdImporter.write(file, { db: trx, dialect }, { update, now: NOW }));
  return {
    test,
    target,
    db,
    check: (file, update = false) => mcpdImporter.check(file, target, { update, now: NOW }),
    async run(file, update = false) {
      const issues = await mcpdImporter.check(file, target, { update, now: NOW });
      if (issues.some((i) => i.type === 'ERROR')) return { issues, stats: null };
      return { issues, stats: await write(file, update) };
    },
    write,
    async count(table) {
      const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/** JSON columns come back as text on SQLite and parsed on PostgreSQL. */
export function json(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
