import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { migrateAll } from '../src/server/app.js';
import { dropPostgresSchema, openDatabase, type Database, type DialectName } from '../src/server/db/database.js';
import { runImport } from '../src/server/import/pipeline.js';
import { MCPD_COLUMNS } from '../src/plugins/germplasm/mcpd-codes.js';
import { serverPlugins } from '../src/plugins/server.js';
import { alternate, report, time } from './measure.js';
import { mcpdRecords, writeMcpdTsv, writeMcpdXlsx } from './mcpd-files.js';
import { importInChild } from './import-child.js';

/** IMPORT_BENCH_ROWS shrinks the run for a quick try: the large files get that many rows, the small a tenth. */
const LARGE = Number(process.env.IMPORT_BENCH_ROWS || 1_000_000);
const SMALL = Math.max(10, Math.round(LARGE / 10));
const EMPTY_LINES = 1_000_000;
/** IMPORT_BENCH_FORMATS=xlsx (or tsv) measures the peak memory of one format only: the million-row files take minutes each. */
const FORMATS = (['tsv', 'xlsx'] as const).filter((format) => (process.env.IMPORT_BENCH_FORMATS || 'tsv,xlsx').split(',').map((f) => f.trim()).includes(format));

interface McpdRow {
  values: Record<string, string>;
}

function writeTsv(file: string, rows: McpdRow[]): void {
  const lines = [MCPD_COLUMNS.join('\t')];
  for (const r of rows) lines.push(MCPD_COLUMNS.map((c) => r.values[c] ?? '').join('\t'));
  fs.writeFileSync(file, lines.join('\n') + '\n');
}

/** Baseline: the same rows inserted straight into germinatebase and mcpd with the driver, one transaction. */
async function rawInsert(database: Database, rows: McpdRow[]): Promise<void> {
  if (database.sqlite) {
    const s = database.sqlite;
    const g = s.prepare('INSERT INTO germinatebase (general_identifier, name, display_name, number, entitytype_id) VALUES (?, ?, ?, ?, 1) RETURNING id');
    const m = s.prepare('INSERT INTO mcpd (germinatebase_id, accenumb, instcode, collnumb, genus, species, accename, origcty, collsite, declatitude, declongitude, colldate, sampstat, othernumb, storage, mlsstat) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    s.transaction(() => {
      for (const { values: v } of rows) {
        const { id } = g.get(v.ACCENUMB, v.ACCENUMB, v.ACCENAME, v.ACCENAME) as { id: number };
        m.run(id, v.ACCENUMB, v.INSTCODE, v.COLLNUMB, v.GENUS, v.SPECIES, v.ACCENAME, v.ORIGCTY, v.COLLSITE, Number(v.DECLATITUDE), Number(v.DECLONGITUDE), v.COLLDATE, Number(v.SAMPSTAT), v.OTHERNUMB || null, v.STORAGE, Number(v.MLSSTAT));
      }
    })();
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('BEGIN');
    for (let i = 0; i < rows.length; i += 10_000) {
      const chunk = rows.slice(i, i + 10_000).map((r) => r.values);
      const ids = await client.query<{ id: number }>(
        'INSERT INTO germinatebase (general_identifier, name, display_name, number, entitytype_id) SELECT a, a, b, b, 1 FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(a, b, n) ORDER BY n RETURNING id',
        [chunk.map((v) => v.ACCENUMB), chunk.map((v) => v.ACCENAME)],
      );
      const col = (k: string) => chunk.map((v) => v[k] || null);
      await client.query(
        'INSERT INTO mcpd (germinatebase_id, accenumb, instcode, collnumb, genus, species, accename, origcty, collsite, declatitude, declongitude, colldate, sampstat, othernumb, storage, mlsstat) SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::float8[], $11::float8[], $12::text[], $13::int[], $14::text[], $15::text[], $16::int[])',
        [ids.rows.map((r) => r.id), col('ACCENUMB'), col('INSTCODE'), col('COLLNUMB'), col('GENUS'), col('SPECIES'), col('ACCENAME'), col('ORIGCTY'), col('COLLSITE'), col('DECLATITUDE'), col('DECLONGITUDE'), col('COLLDATE'), col('SAMPSTAT'), col('OTHERNUMB'), col('STORAGE'), col('MLSSTAT')],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

async function fresh(dialect: DialectName, postgresUrl: string, dir: string): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const schema = `bench_import_${randomBytes(4).toString('hex')}`;
  const file = path.join(dir, `${schema}.sqlite`);
  const database = await openDatabase({ databaseUrl: dialect === 'postgres' ? postgresUrl : null, sqliteFile: file, schema: dialect === 'postgres' ? schema : null });
  await migrateAll(database, serverPlugins);
  return {
    database,
    cleanup: async () => {
      await database.close();
      if (dialect === 'postgres') await dropPostgresSchema(postgresUrl, schema);
      fs.rmSync(file, { force: true });
    },
  };
}

const importers = () => serverPlugins.flatMap((p) => p.importers ?? []);
const MiB = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;

/** Throughput: our import (check, then write in one transaction) against the driver's plain inserts. */
async function benchThroughput(dialect: DialectName, postgresUrl: string, dir: string): Promise<void> {
  const rows = [...mcpdRecords(SMALL)].map((values) => ({ values }));
  const file = path.join(dir, 'bench-mcpd.tsv');
  writeTsv(file, rows);
  const a = await fresh(dialect, postgresUrl, dir);
  let status = '';
  const importMs = await time(async () => {
    const result = await runImport(a.database, importers(), { file, originalName: 'bench-mcpd.tsv', type: 'mcpd', update: false, checkOnly: false }, { maxBytes: 1024 * 1024 * 1024, now: new Date() });
    status = result.status;
    if (result.status !== 'imported') throw new Error(`bench import was ${result.status}: ${JSON.stringify(result.issues.slice(0, 3))}`);
  });
  await a.cleanup();
  const b = await fresh(dialect, postgresUrl, dir);
  const rawMs = await time(() => rawInsert(b.database, rows));
  await b.cleanup();
  fs.rmSync(file, { force: true });
  const ours = (SMALL / importMs) * 1000;
  const baseline = (SMALL / rawMs) * 1000;
  const ratio = ours / baseline;
  report(`MCPD import ${SMALL.toLocaleString('en-GB')} rows, ${dialect} (${status})`, `${Math.round(ours)} rows/s`, `${Math.round(baseline)} rows/s`, ratio, '≥ 0.3×', ratio >= 0.3);
}

/**
 * Peak memory of whole imports (npm run import in a child process, so only the import's memory counts):
 * the smaller file against the same process importing ten rows, the larger against the smaller. Memory that
 * does not grow with the rows keeps the second ratio near 1; what does grow is what the all-or-nothing check
 * needs (accession numbers, ids for parents). A workbook's shared strings (every distinct text) are kept as
 * bytes, beyond 8 MiB in a temporary file (src/server/import/shared-strings.ts), so they hardly count.
 */
async function benchPeakMemory(dialect: DialectName, postgresUrl: string, dir: string): Promise<void> {
  const tiny = path.join(dir, 'tiny.tsv');
  await writeMcpdTsv(tiny, 10);
  const idle = await importInChild(tiny, dialect, postgresUrl, dir);
  const previous = { tsv: idle.maxRssKiB, xlsx: idle.maxRssKiB };
  // Both small files first: the large ones take long, and a cut-short run still shows the small figures.
  for (const rows of [SMALL, LARGE]) {
    for (const format of FORMATS) {
      const file = path.join(dir, `bench-${rows}.${format}`);
      await (format === 'tsv' ? writeMcpdTsv(file, rows) : writeMcpdXlsx(file, rows));
      const run = await importInChild(file, dialect, postgresUrl, dir);
      fs.rmSync(file, { force: true });
      const before = previous[format];
      const ratio = run.maxRssKiB / before;
      const name = `MCPD import peak RSS, ${format.toUpperCase()} ${rows.toLocaleString('en-GB')} rows, ${dialect}`;
      if (rows === SMALL) report(name, MiB(run.maxRssKiB), `${MiB(before)} (10)`, ratio, '< 512 MiB', run.maxRssKiB < 512 * 1024);
      else report(name, MiB(run.maxRssKiB), `${MiB(before)} (${SMALL / 1000}k)`, ratio, '≤ 1.5×', ratio <= 1.5);
      console.log(`${''.padEnd(52)} (${(run.ms / 1000).toFixed(1)} s, ${Math.round((rows / run.ms) * 1000)} rows/s)`);
      previous[format] = run.maxRssKiB;
    }
  }
}

/** A check of a file with a million empty lines between its two rows against the same two rows without them. */
async function benchEmptyLines(dialect: DialectName, postgresUrl: string, dir: string): Promise<void> {
  const gap = path.join(dir, 'gap.tsv');
  const plain = path.join(dir, 'plain.tsv');
  await writeMcpdTsv(gap, 2, EMPTY_LINES);
  await writeMcpdTsv(plain, 2);
  const target = await fresh(dialect, postgresUrl, dir);
  const check = (file: string) => async () => {
    const result = await runImport(target.database, importers(), { file, type: 'mcpd', update: false, checkOnly: true }, { maxBytes: 1024 ** 3, now: new Date() });
    if (result.status !== 'checked') throw new Error(`bench check was ${result.status}`);
  };
  const { a, b } = await alternate(check(gap), check(plain), 5, 1);
  await target.cleanup();
  // The baseline is tiny (two rows), so the goal is the time itself: a million empty lines took 78 s once.
  report(`MCPD check past ${EMPTY_LINES.toLocaleString('en-GB')} empty lines, ${dialect}`, `${a.toFixed(0)} ms`, `${b.toFixed(0)} ms`, a / b, '< 1 s', a < 1000);
}

export async function benchMcpdImport(dialect: DialectName, postgresUrl: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-bench-'));
  try {
    await benchThroughput(dialect, postgresUrl, dir);
    await benchEmptyLines(dialect, postgresUrl, dir);
    await benchPeakMemory(dialect, postgresUrl, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
