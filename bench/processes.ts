import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { migrateAll } from '../src/server/app.js';
import { openDatabase } from '../src/server/db/database.js';
import { serverPlugins } from '../src/plugins/server.js';
import { generateGermplasm } from './generate.js';
import { report, time } from './measure.js';

const COUNT = 100_000;
const SEED = 42;
const CLIENTS = 32;
const PAGE = 25;
/** Clients page through the first pages, as people do (a deep OFFSET measures the database, not the processes). */
const PAGES = 40;

interface Load {
  requests: number;
  errors: number;
  seconds: number;
  /** Share of the machine's CPU time that was busy during the run (all cores), and the load generator's share. */
  busy: number;
  generator: number;
  /** A few distinct failures, for the report. */
  samples: string[];
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/** The germplasm database for this benchmark, generated on first use and kept in its own schema. */
async function prepare(postgresUrl: string, schema: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: postgresUrl, sqliteFile: '', schema });
  try {
    await migrateAll(database, serverPlugins);
    const existing = await database.db.withTables<{ germinatebase: { id: number } }>().selectFrom('germinatebase').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(existing.n) === COUNT) return;
    if (Number(existing.n) !== 0) throw new Error(`schema ${schema} holds ${existing.n} germplasm; drop it`);
    const took = await time(() => generateGermplasm(database, COUNT, SEED));
    console.log(`  generated ${COUNT.toLocaleString('en')} germplasm on postgres in ${(took / 1000).toFixed(1)} s (schema ${schema}, kept for later runs)`);
  } finally {
    await database.close();
  }
}

/** The built server (`node dist/server/main.mjs`) with WORKERS processes; resolves once it listens. */
async function startServer(root: string, postgresUrl: string, schema: string, workers: number) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: postgresUrl,
      DATABASE_SCHEMA: schema,
      DATA_DIR: path.join(os.tmpdir(), `germinate-bench-processes-${process.pid}`),
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKERS: String(workers),
      DEMO_DATA: 'false',
      ADMIN_PASSWORD: 'bench-password-1',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) console.log(`  (the server exited with code ${code})`);
    },
  };
}

/**
 * CLIENTS clients, each paging the germplasm table (a random one of its first PAGES pages of 25, by name,
 * with prevCount as the table sends it after its first page) back to back for `seconds`. Every answer but
 * 200 is an error.
 */
async function load(url: string, seconds: number): Promise<Load> {
  const result: Load = { requests: 0, errors: 0, seconds, samples: [], busy: 0, generator: 0 };
  const fail = (what: string) => {
    result.errors++;
    if (result.samples.length < 3 && !result.samples.includes(what)) result.samples.push(what);
  };
  const started = Date.now();
  const end = started + seconds * 1000;
  let seed = 1;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const client = async () => {
    let prevCount = -1;
    while (Date.now() < end) {
      const body = { page: Math.floor(next() * PAGES), limit: PAGE, prevCount, orderBy: 'germplasmName', ascending: 1, filter: [] };
      try {
        const response = await fetch(`${url}/api/germplasm/table`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const text = await response.text();
        if (response.status !== 200) fail(`${response.status} ${text.slice(0, 80)}`);
        else {
          result.requests++;
          prevCount = (JSON.parse(text) as { count: number }).count;
        }
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  result.seconds = (Date.now() - started) / 1000;
  return result;
}

/** The machine's CPU time so far (Linux /proc/stat, all cores): busy and total, in clock ticks. */
function machineCpu(): { busy: number; total: number } {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  // idle and iowait are the 4th and 5th fields.
  return { busy: total - fields[3] - (fields[4] ?? 0), total };
}

async function measure(root: string, postgresUrl: string, schema: string, workers: number, seconds: number): Promise<Load> {
  const server = await startServer(root, postgresUrl, schema, workers);
  try {
    await load(server.url, Math.min(3, seconds)); // warm-up: connections, caches, JIT
    const before = machineCpu();
    const generatorBefore = process.cpuUsage();
    const started = process.hrtime.bigint();
    const result = await load(server.url, seconds);
    const after = machineCpu();
    const generator = process.cpuUsage(generatorBefore);
    const wallMicros = Number(process.hrtime.bigint() - started) / 1000;
    result.busy = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    result.generator = (generator.user + generator.system) / (wallMicros * os.cpus().length);
    return result;
  } finally {
    await server.stop();
  }
}

/**
 * Throughput of the built server with 2 worker processes against 1 on the same load (PostgreSQL), measured
 * here one after the other. Goal ≥ 1.7× with 0 errors. The load generator runs on the same machine and
 * takes CPU from the servers: on 2 cores that caps what a second process can add.
 */
export async function benchProcesses(root: string, postgresUrl: string): Promise<void> {
  if (!postgresUrl) {
    console.log('\nProcesses: needs PostgreSQL; skipped.');
    return;
  }
  const seconds = Number(process.env.BENCH_PROCESSES_SECONDS || 15);
  const schema = `bench_processes_${COUNT}_${SEED}`;
  console.log(`\nProcesses: ${CLIENTS} clients paging the germplasm table (${COUNT.toLocaleString('en')} rows, PostgreSQL), ${seconds} s per run, runs 1, 2, 2, 1 workers, ${os.cpus().length} CPU cores`);
  await prepare(postgresUrl, schema);
  // 1, 2, 2, 1: the other work on a shared machine drifts; measuring each in both halves evens that out.
  const runs: Record<1 | 2, Load[]> = { 1: [], 2: [] };
  for (const workers of [1, 2, 2, 1] as const) runs[workers].push(await measure(root, postgresUrl, schema, workers, seconds));
  const mean = (loads: Load[], key: 'busy' | 'generator') => loads.reduce((n, l) => n + l[key], 0) / Math.max(1, loads.length);
  const sum = (loads: Load[]): Load => ({
    requests: loads.reduce((n, l) => n + l.requests, 0),
    errors: loads.reduce((n, l) => n + l.errors, 0),
    seconds: loads.reduce((n, l) => n + l.seconds, 0),
    busy: mean(loads, 'busy'),
    generator: mean(loads, 'generator'),
    samples: loads.flatMap((l) => l.samples).slice(0, 3),
  });
  const one = sum(runs[1]);
  const two = sum(runs[2]);
  const rate = (l: Load) => l.requests / l.seconds;
  for (const [label, l] of [['1 worker', one], ['2 workers', two]] as const) {
    console.log(
      `  ${label.padEnd(10)} ${rate(l).toFixed(1).padStart(8)} requests/s   ${l.errors} errors${l.samples.length ? ` (${l.samples.join('; ')})` : ''}   ` +
        `machine CPU busy ${(l.busy * 100).toFixed(0)}% of ${os.cpus().length} cores (load generator ${(l.generator * 100).toFixed(0)}%)`,
    );
  }
  const ratio = rate(two) / rate(one);
  report('2 processes ÷ 1, throughput', `${rate(two).toFixed(1)}/s`, `${rate(one).toFixed(1)}/s`, ratio, '≥ 1.7', ratio >= 1.7);
  const errors = one.errors + two.errors;
  console.log(`  errors: ${errors} (goal 0) ${errors === 0 ? '✓' : '✗'}`);
  // A second process can only use CPU the first left idle: with the cores already busy, the ratio says so.
  if (one.busy >= 0.9) console.log(`  with one process the machine's cores were already ${(one.busy * 100).toFixed(0)}% busy: a second process has no idle core to use here`);
}
