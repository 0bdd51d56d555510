import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issue, type ImportDb, type ImportIssue, type ImportOptions, type ParsedFile, type TemplateImporter } from '../../src/server/import/importer.js';
import { runImport, UnknownImportTypeError } from '../../src/server/import/pipeline.js';
import { freshDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { MB, scratchDir } from './helpers.js';

const scratch = scratchDir();
afterAll(() => scratch.remove());

const NOW = new Date('2026-01-02T03:04:05.000Z');
const KEY_PREFIX = 'fake.';

interface Calls {
  check: { db: ImportDb; options: ImportOptions }[];
  write: { db: ImportDb; options: ImportOptions }[];
}

/**
 * A template whose rows are (KEY, ACTION): check() reports ERROR / WARN actions, write() stores one settings row
 * per data row and throws at a BOOM row, after the rows before it went in.
 */
function fakeImporter(calls: Calls): TemplateImporter {
  return {
    type: 'fake',
    extensions: ['.tsv'],
    async check(file: ParsedFile, db: ImportDb, options: ImportOptions) {
      calls.check.push({ db, options });
      const issues: ImportIssue[] = [];
      for (const { row, cells } of file.sheets.get('DATA')?.rows ?? []) {
        if (cells[1] === 'ERROR') issues.push(issue('FAKE_BAD_ROW', row, { sheet: 'DATA', column: 'ACTION', value: cells[0] }));
        if (cells[1] === 'WARN') issues.push(issue('FAKE_ODD_ROW', row, { sheet: 'DATA', column: 'ACTION', value: cells[0], type: 'WARNING' }));
      }
      return issues;
    },
    async write(file: ParsedFile, db: ImportDb, options: ImportOptions) {
      calls.write.push({ db, options });
      let rows = 0;
      for (const { cells } of file.sheets.get('DATA')?.rows ?? []) {
        if (cells[1] === 'BOOM') throw new Error(`write failed after ${rows} rows`);
        await db.db
          .insertInto('settings')
          .values({ key: KEY_PREFIX + cells[0], value: JSON.stringify(cells[1]), updated_on: options.now.toISOString() })
          .execute();
        rows += 1;
      }
      return { rows };
    },
  };
}

const tsv = (name: string, rows: [string, string][]) => scratch.file(name, ['KEY\tACTION', ...rows.map((r) => r.join('\t'))].join('\n') + '\n');

describe.each(testDialects())('import pipeline on %s', (dialect) => {
  let db: TestDatabase;
  let calls: Calls;
  let importer: TemplateImporter;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
  });
  afterAll(async () => db?.cleanup());
  beforeEach(async () => {
    calls = { check: [], write: [] };
    importer = fakeImporter(calls);
    await db.database.db.deleteFrom('settings').where('key', 'like', `${KEY_PREFIX}%`).execute();
  });

  const run = (file: string, flags: { checkOnly?: boolean; update?: boolean; originalName?: string } = {}) =>
    runImport(
      db.database,
      [importer],
      { file, originalName: flags.originalName, type: 'fake', update: flags.update ?? false, checkOnly: flags.checkOnly ?? false },
      { maxBytes: MB, now: NOW },
    );
  const storedKeys = async () =>
    (await db.database.db.selectFrom('settings').select('key').where('key', 'like', `${KEY_PREFIX}%`).orderBy('key').execute()).map((r) => r.key);

  it('checks, then writes everything in one transaction', async () => {
    const result = await run(tsv('clean.tsv', [['a', 'ok'], ['b', 'ok']]), { update: true });
    expect(result).toEqual({ status: 'imported', issues: [], stats: { rows: 2 } });
    expect(await storedKeys()).toEqual(['fake.a', 'fake.b']);
    // check() reads through the database itself; write() gets the transaction and the same options.
    expect(calls.check).toHaveLength(1);
    expect(calls.check[0].db).toEqual({ db: db.database.db, dialect });
    // The importer gets the defaults of what a job may set: public datasets, no target, no user.
    expect(calls.check[0].options).toMatchObject({ update: true, now: NOW, datasetStateId: 1, targetDatasetId: null, userId: null });
    expect(calls.write).toHaveLength(1);
    expect(calls.write[0].db.db).not.toBe(db.database.db);
    expect(calls.write[0].db.dialect).toBe(dialect);
    expect(calls.write[0].options).toMatchObject({ update: true, now: NOW, datasetStateId: 1, targetDatasetId: null, userId: null });
  });

  it('runs a stage step before the write transaction, and the rest it returns inside it', async () => {
    const order: string[] = [];
    const staged: TemplateImporter = {
      ...importer,
      async stage(file, stageDb, options) {
        order.push('stage');
        expect(stageDb).toEqual({ db: db.database.db, dialect });
        // Outside the transaction: this row stays when the rest fails and the transaction rolls back.
        await stageDb.db.insertInto('settings').values({ key: `${KEY_PREFIX}staged`, value: '1', updated_on: options.now.toISOString() }).execute();
        return async (trx) => {
          order.push('rest');
          expect(trx.db).not.toBe(db.database.db);
          return importer.write(file, trx, options);
        };
      },
    };
    importer = staged;
    await expect(run(tsv('staged.tsv', [['a', 'ok'], ['b', 'BOOM']]))).rejects.toThrow('write failed after 1 rows');
    expect(order).toEqual(['stage', 'rest']);
    expect(await storedKeys()).toEqual(['fake.staged']);
  });

  it('writes nothing when check() reports an error, and returns every issue', async () => {
    const result = await run(tsv('errors.tsv', [['a', 'ok'], ['b', 'ERROR'], ['c', 'WARN'], ['d', 'ERROR']]));
    expect(result.status).toBe('rejected');
    expect(result.stats).toBeNull();
    expect(result.issues.map((i) => [i.status, i.type, i.rowIndex])).toEqual([
      ['FAKE_BAD_ROW', 'ERROR', 3],
      ['FAKE_ODD_ROW', 'WARNING', 4],
      ['FAKE_BAD_ROW', 'ERROR', 5],
    ]);
    expect(calls.write).toHaveLength(0);
    expect(await storedKeys()).toEqual([]);
  });

  it('writes nothing in check-only mode', async () => {
    const result = await run(tsv('check-only.tsv', [['a', 'ok'], ['b', 'WARN']]), { checkOnly: true });
    expect(result.status).toBe('checked');
    expect(result.stats).toBeNull();
    expect(result.issues.map((i) => i.status)).toEqual(['FAKE_ODD_ROW']);
    expect(calls.write).toHaveLength(0);
    expect(await storedKeys()).toEqual([]);
  });

  it('rolls back every row when write() throws halfway, and rethrows', async () => {
    const file = tsv('boom.tsv', [['a', 'ok'], ['b', 'ok'], ['c', 'BOOM'], ['d', 'ok']]);
    await expect(run(file)).rejects.toThrow('write failed after 2 rows');
    expect(await storedKeys()).toEqual([]);
    // The connection is usable afterwards (the transaction did not leak).
    expect((await run(tsv('after-boom.tsv', [['e', 'ok']]))).status).toBe('imported');
    expect(await storedKeys()).toEqual(['fake.e']);
  });

  it('lets warnings through', async () => {
    const result = await run(tsv('warnings.tsv', [['a', 'WARN'], ['b', 'ok']]));
    expect(result.status).toBe('imported');
    expect(result.issues).toEqual([
      expect.objectContaining({ status: 'FAKE_ODD_ROW', type: 'WARNING', rowIndex: 2, sheet: 'DATA', column: 'ACTION', value: 'a' }),
    ]);
    expect(result.stats).toEqual({ rows: 2 });
    expect(await storedKeys()).toEqual(['fake.a', 'fake.b']);
  });

  it('turns an unreadable file into one rejected issue, without calling the importer', async () => {
    const missing = await run(path.join(scratch.dir, 'missing.tsv'));
    expect(missing).toEqual({ status: 'rejected', issues: [expect.objectContaining({ status: 'GENERIC_FILE_NOT_FOUND', rowIndex: -1 })], stats: null });
    // The importer takes .tsv only: a .csv is refused by type, even though the reader could read it.
    const csv = await run(scratch.file('rows.csv', 'KEY,ACTION\na,ok\n'));
    expect(csv.issues).toEqual([expect.objectContaining({ status: 'GENERIC_INVALID_FILE_TYPE', value: '.csv' })]);
    const big = await run(tsv('big.tsv', [['a', 'x'.repeat(MB)]]));
    expect(big.issues.map((i) => i.status)).toEqual(['GENERIC_FILE_TOO_LARGE']);
    expect(calls.check).toHaveLength(0);
  });

  it('decides the type by the original name of an upload', async () => {
    const stored = scratch.file('upload-9f3a', 'KEY\tACTION\nz\tok\n');
    expect((await run(stored, { originalName: 'my rows.TSV' })).status).toBe('imported');
    expect((await run(stored)).issues.map((i) => i.status)).toEqual(['GENERIC_INVALID_FILE_TYPE']);
  });

  it('throws for an unknown type, naming the known ones', async () => {
    const request = { file: tsv('any.tsv', []), type: 'trial', update: false, checkOnly: false };
    const attempt = runImport(db.database, [importer], request, { maxBytes: MB, now: NOW });
    await expect(attempt).rejects.toBeInstanceOf(UnknownImportTypeError);
    await expect(runImport(db.database, [importer], request, { maxBytes: MB, now: NOW })).rejects.toThrow(/trial.*known types: fake/);
  });
});
