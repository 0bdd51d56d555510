import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateAll } from '../src/server/app.js';
import { createUser } from '../src/server/auth/users.js';
import { openDatabase, type Database, type DialectName } from '../src/server/db/database.js';
import { MCPD_COLUMNS } from '../src/plugins/germplasm/mcpd-codes.js';
import { serverPlugins } from '../src/plugins/server.js';
import { BENCH_COUNTRIES, generateGermplasm, mulberry32 } from './generate.js';
import { median } from './measure.js';

/*
 * Many clients at once on the built server (its own process, as deployed): LOAD_CLIENTS (50) clients page,
 * sort and filter the germplasm table for LOAD_SECONDS (60) at LOAD_ROWS (1,000,000) germplasm, then the
 * same while the server imports a 100,000-row MCPD file. Baseline: one client alone, same mix.
 */
const ROWS = Number(process.env.LOAD_ROWS || 1_000_000);
const SECONDS = Number(process.env.LOAD_SECONDS || 60);
const CLIENTS = Number(process.env.LOAD_CLIENTS || 50);
const IMPORT_ROWS = Number(process.env.LOAD_IMPORT_ROWS || 100_000);
const SEED = 42;
/** A client waits this long for an answer before counting it as a timeout (a browser would give up too). */
const CLIENT_TIMEOUT_MS = 10_000;
const USER = 'loadbench';
const PASSWORD = 'loadbench-password-1';

/** The load benchmark's own database (it imports into it, so it is not the table benchmark's). */
async function prepare(root: string, dialect: DialectName, postgresUrl: string): Promise<{ env: Record<string, string>; dataDir: string }> {
  const cacheDir = path.join(root, 'bench/.cache');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-load-'));
  const file = path.join(cacheDir, `load-germplasm-${ROWS}-${SEED}.sqlite`);
  const schema = `bench_load_${ROWS}_${SEED}`;
  fs.mkdirSync(cacheDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: dialect === 'postgres' ? postgresUrl : null, sqliteFile: file, schema: dialect === 'postgres' ? schema : null });
  try {
    await migrateAll(database, serverPlugins);
    await removeImported(database);
    const n = await count(database);
    if (n !== ROWS) {
      if (n !== 0) throw new Error(`load bench database holds ${n} germplasm; delete ${dialect === 'sqlite' ? file : `schema ${schema}`}`);
      const started = Date.now();
      await generateGermplasm(database, ROWS, SEED);
      console.log(`  generated ${ROWS.toLocaleString('en')} germplasm on ${dialect} in ${((Date.now() - started) / 1000).toFixed(1)} s (cached for later runs)`);
    }
    const exists = await database.db.selectFrom('users').select('id').where('username', '=', USER).executeTakeFirst();
    if (!exists) await createUser(database.db, { username: USER, password: PASSWORD, userType: 'Administrator' }, new Date());
  } finally {
    await database.close();
  }
  const env: Record<string, string> = { DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'warn', ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD };
  if (dialect === 'postgres') Object.assign(env, { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema });
  else fs.writeFileSync(path.join(dataDir, 'config.json'), JSON.stringify({ database: { type: 'sqlite', file } }));
  return { env, dataDir };
}

async function count(database: Database): Promise<number> {
  const row = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM germinatebase`.execute(database.db);
  return Number(row.rows[0].n);
}

/** Germplasm an earlier run imported (ids above the generated ones) go, so every run starts alike. */
async function removeImported(database: Database): Promise<void> {
  const db = database.db;
  await sql`DELETE FROM mcpd WHERE germinatebase_id > ${ROWS}`.execute(db);
  await sql`DELETE FROM synonyms WHERE foreign_id > ${ROWS}`.execute(db);
  await sql`DELETE FROM germplasminstitutions WHERE germinatebase_id > ${ROWS}`.execute(db);
  await sql`DELETE FROM germinatebase WHERE id > ${ROWS}`.execute(db);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(root: string, env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.mjs')], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const ok = await fetch(`${url}/api/settings`).then((r) => r.ok, () => false);
    if (ok) return { url, child };
    if (Date.now() - started > 600_000) throw new Error('the server did not start within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The requests of the mix: pages deep and shallow, sorted, filtered by name (contains) and country. */
function requestMix(random: () => number): () => Record<string, unknown> {
  const pages = Math.max(1, Math.floor(ROWS / 25));
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const name = () => ({ column: 'germplasmName', comparator: 'contains', operator: 'and', values: [String(Math.floor(random() * 1000)).padStart(3, '0')] });
  const country = () => ({ column: 'countryCode', comparator: 'equals', operator: 'and', values: [pick(BENCH_COUNTRIES)] });
  return () => {
    const kind = Math.floor(random() * 5);
    // Germinate's client sends the count it already has when it turns pages: half the requests do.
    const prevCount = random() < 0.5 ? -1 : ROWS;
    if (kind === 0) return { page: Math.floor(random() * pages), limit: 25, prevCount };
    if (kind === 1) return { page: Math.floor(random() * 40), limit: 25, orderBy: 'germplasmName', ascending: random() < 0.5 ? 1 : 0, prevCount };
    if (kind === 2) return { page: 0, limit: 25, filter: [name()], prevCount: -1 };
    if (kind === 3) return { page: Math.floor(random() * 5), limit: 25, filter: [country()], orderBy: 'germplasmName', ascending: 1, prevCount: -1 };
    return { page: 0, limit: 25, filter: [name(), country()], prevCount: -1 };
  };
}

interface LoadResult {
  latencies: number[];
  errors: Map<string, number>;
  seconds: number;
}

/** `clients` clients, each sending its next request when the last is answered, for `seconds`. */
async function load(url: string, clients: number, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const fail = (kind: string) => errors.set(kind, (errors.get(kind) ?? 0) + 1);
  const end = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const next = requestMix(mulberry32(SEED + i));
      while (Date.now() < end) {
        const t = performance.now();
        try {
          const response = await fetch(`${url}/api/germplasm/table`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(next()),
            signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
          });
          await response.arrayBuffer();
          if (response.status === 200) latencies.push(performance.now() - t);
          else fail(`HTTP ${response.status}`);
        } catch (error) {
          fail((error as Error).name === 'TimeoutError' ? `timeout ${CLIENT_TIMEOUT_MS / 1000} s` : (error as Error).message);
        }
      }
    }),
  );
  return { latencies, errors, seconds: (Date.now() - started) / 1000 };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function line(label: string, result: LoadResult, baseline?: LoadResult): void {
  const total = result.latencies.length + [...result.errors.values()].reduce((a, b) => a + b, 0);
  const rate = result.latencies.length / result.seconds;
  const p99 = percentile(result.latencies, 99);
  const errors = [...result.errors].map(([kind, n]) => `${n} ${kind}`).join(', ') || '0';
  const versus = baseline ? `; ${(rate / (baseline.latencies.length / baseline.seconds)).toFixed(2)}× the throughput of one client, p50 ${(median(result.latencies) / median(baseline.latencies)).toFixed(1)}× its p50` : '';
  console.log(
    `  ${label}: ${total} requests, ${rate.toFixed(1)} answered/s, p50 ${median(result.latencies).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms ` +
      `(goal ≤ 1000 ms ${p99 <= 1000 ? '✓' : '✗'}), errors ${errors} (goal 0 ${result.errors.size === 0 ? '✓' : '✗'})${versus}`,
  );
}

/** A 100,000-row MCPD text file whose accession numbers no generated germplasm has. */
function writeMcpd(file: string): void {
  const random = mulberry32(7);
  const lines = [MCPD_COLUMNS.join('\t')];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const values: Record<string, string> = { INSTCODE: 'DEU146', ACCENUMB: `LOAD-${stamp}-${i}`, GENUS: 'Hordeum', SPECIES: 'vulgare', ORIGCTY: 'DEU', SAMPSTAT: '300', ACCENAME: `Load ${Math.floor(random() * 1e6)}` };
    lines.push(MCPD_COLUMNS.map((c) => values[c] ?? '').join('\t'));
  }
  fs.writeFileSync(file, lines.join('\n') + '\n');
}

interface ImportRun {
  /** Resolves with the phases' times (seconds from the start) once the import is written or failed. */
  done: Promise<string>;
}

/** Uploads the file as a curator would and imports it once checked, through the server's job queue. */
async function startImport(url: string, file: string): Promise<ImportRun> {
  const login = await fetch(`${url}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: USER, password: PASSWORD }) });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const token = ((await login.json()) as { token: string }).token;
  const auth = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('fileToUpload', new Blob([fs.readFileSync(file)]), 'load-mcpd.txt');
  const started = Date.now();
  const upload = await fetch(`${url}/api/import/template/file?type=mcpd`, { method: 'POST', headers: auth, body: form });
  if (!upload.ok) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  const [{ uuid }] = (await upload.json()) as { uuid: string }[];
  const status = async () => {
    const response = await fetch(`${url}/api/import/template`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ uuids: [uuid] }) });
    const jobs = (await response.json()) as { status: string; imported: boolean; feedback?: { type: string }[] }[] | { statusCode: number };
    // An error answer (the server busy) is asked again, like a waiting job.
    return Array.isArray(jobs) ? jobs[0] : { status: `waiting (HTTP ${jobs.statusCode})`, imported: false };
  };
  const settled = async () => {
    for (;;) {
      const job = await status();
      if (!job.status.startsWith('waiting') && job.status !== 'running') return job;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  const at = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  const done = (async () => {
    const checked = await settled();
    const error = checked.feedback?.find((issue) => issue.type === 'ERROR');
    if (checked.status !== 'completed' || error) return `check ${checked.status} at ${at()}${error ? `: ${JSON.stringify(error)}` : ''}`;
    const checkedAt = at();
    const go = await fetch(`${url}/api/import/template/${uuid}/import`, { headers: auth });
    if (!go.ok) return `checked at ${checkedAt}; import refused: ${go.status}`;
    const written = await settled();
    return `checked at ${checkedAt}, ${written.status === 'completed' ? 'written' : written.status} at ${at()}`;
  })();
  return { done };
}

export async function benchLoad(root: string, dialect: DialectName, postgresUrl: string): Promise<void> {
  console.log(`\nLoad: ${CLIENTS} clients × ${SECONDS} s on the germplasm table at ${ROWS.toLocaleString('en')} germplasm, ${dialect} (built server, its own process; the clients share this machine)`);
  const { env, dataDir } = await prepare(root, dialect, postgresUrl);
  const { url, child } = await startServer(root, env);
  try {
    // Warm-up (the first pages fill the database's caches), then one client alone: the baseline.
    await load(url, 4, Math.min(10, SECONDS));
    const single = await load(url, 1, Math.min(15, SECONDS));
    line('1 client (baseline)', single);
    line(`${CLIENTS} clients`, await load(url, CLIENTS, SECONDS), single);
    const file = path.join(dataDir, 'load-mcpd.txt');
    writeMcpd(file);
    const run = await startImport(url, file);
    const during = await load(url, CLIENTS, SECONDS);
    line(`${CLIENTS} clients during a ${IMPORT_ROWS.toLocaleString('en')}-row MCPD import`, during, single);
    const phases = await Promise.race([run.done, new Promise<string>((resolve) => setTimeout(() => resolve('still running when the load ended'), 0))]);
    console.log(`  the import: ${phases}${phases.startsWith('still') ? ` (waiting for it: ${await run.done})` : ''}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
