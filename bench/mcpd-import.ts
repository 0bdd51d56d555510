import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { migrateAll } from '../src/server/app.js';
import { dropPostgresSchema, openDatabase, type Database, type DialectName } from '../src/server/db/database.js';
import { runImport } from '../src/server/import/pipeline.js';
import { MCPD_COLUMNS } from '../src/plugins/germplasm/mcpd-codes.js';
import { COUNTRIES } from '../src/plugins/germplasm/countries.js';
import { serverPlugins } from '../src/plugins/server.js';
import { BENCH_COUNTRIES, generateRows, type GeneratedRow } from './generate.js';
import { report, time } from './measure.js';

const ROWS = 100_000;
const SEED = 7;
const COUNTRY_CODES = COUNTRIES.filter(([, , code2]) => BENCH_COUNTRIES.includes(code2)).map(([, code3]) => code3);

interface McpdRow {
  row: GeneratedRow;
  values: Record<string, string>;
}

/** The generated MCPD file: every accession with taxonomy, origin, site, coordinates, dates, codes, names. */
function mcpdRows(): McpdRow[] {
  const out: McpdRow[] = [];
  for (const row of generateRows(ROWS, SEED)) {
    out.push({
      row,
      values: {
        INSTCODE: `INS${String(row.institutionId).padStart(3, '0')}`,
        ACCENUMB: row.gid,
        COLLNUMB: row.collnumb,
        GENUS: 'Hordeum',
        SPECIES: 'vulgare',
        ACCENAME: row.displayName,
        ORIGCTY: COUNTRY_CODES[row.locationId % COUNTRY_CODES.length],
        COLLSITE: `Site ${row.locationId}`,
        DECLATITUDE: String((row.locationId % 140) - 70 + 0.5),
        DECLONGITUDE: String((row.locationId % 340) - 170 + 0.25),
        COLLDATE: row.colldate,
        SAMPSTAT: String(row.sampstat),
        OTHERNUMB: row.synonyms ? `SYN${row.id}` : '',
        STORAGE: '13',
        MLSSTAT: '0',
      },
    });
  }
  return out;
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

export async function benchMcpdImport(dialect: DialectName, postgresUrl: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-bench-'));
  try {
    const rows = mcpdRows();
    const file = path.join(dir, 'bench-mcpd.tsv');
    writeTsv(file, rows);
    const a = await fresh(dialect, postgresUrl, dir);
    let status = '';
    const importMs = await time(async () => {
      const result = await runImport(a.database, serverPlugins.flatMap((p) => p.importers ?? []), { file, originalName: 'bench-mcpd.tsv', type: 'mcpd', update: false, checkOnly: false }, { maxBytes: 1024 * 1024 * 1024, now: new Date() });
      status = result.status;
      if (result.status !== 'imported') throw new Error(`bench import was ${result.status}: ${JSON.stringify(result.issues.slice(0, 3))}`);
    });
    await a.cleanup();
    const b = await fresh(dialect, postgresUrl, dir);
    const rawMs = await time(() => rawInsert(b.database, rows));
    await b.cleanup();
    const ours = (ROWS / importMs) * 1000;
    const baseline = (ROWS / rawMs) * 1000;
    const ratio = ours / baseline;
    report(`MCPD import 100,000 rows, ${dialect} (${status})`, `${Math.round(ours)} rows/s`, `${Math.round(baseline)} rows/s`, ratio, '≥ 0.3×', ratio >= 0.3);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
