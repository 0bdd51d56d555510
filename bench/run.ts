import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { DialectName } from '../src/server/db/database.js';
import { benchGermplasmTable } from './germplasm-table.js';
import { benchMcpdImport } from './mcpd-import.js';
import { benchLoad } from './load.js';
import { benchClient } from './client.js';
import { benchProcesses } from './processes.js';
import { benchTrials } from './trials.js';

// Bundled to dist/bench/run.mjs: the repository root is two levels up.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function postgresUrl(): Promise<string> {
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return url;
  } catch {
    console.log(`PostgreSQL does not answer at ${url}: benchmarking SQLite only.`);
    return '';
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  // BENCH_ONLY=client (or table, import, processes; comma separated) runs a subset; unset runs everything.
  const only = new Set((process.env.BENCH_ONLY || 'client,table,import,processes,load,trials,genotypes,genotype-import,genotype-export,markers,geo,map').split(',').map((name) => name.trim()));
  const rounds = Number(process.env.BENCH_ROUNDS || 15);
  console.log(`Germinate Workspace benchmarks (${new Date().toISOString()}, node ${process.version}); medians of ${rounds} alternating rounds\n`);
  if (only.has('client')) await benchClient(root);
  if (only.has('processes')) await benchProcesses(root, await postgresUrl());
  if (only.has('trials')) await benchTrials(root, await postgresUrl(), rounds);
  if (only.has('genotypes')) await (await import('./genotype-storage.js')).benchGenotypeStorage(root);
  if (only.has('genotype-import')) await (await import('./genotype-import.js')).benchGenotypeImport(root);
  if (only.has('genotype-export')) await (await import('./genotype-export.js')).benchGenotypeExport(root);
  if (only.has('geo')) await (await import('./geo-search.js')).benchGeoSearch(root, await postgresUrl(), rounds);
  if (only.has('map')) await (await import('./map.js')).benchMap(root);
  if (!only.has('table') && !only.has('import') && !only.has('load') && !only.has('markers')) return;
  const url = await postgresUrl();
  // BENCH_DIALECTS=postgres (or sqlite) runs one database only.
  const wanted = (process.env.BENCH_DIALECTS || 'sqlite,postgres').split(',').map((name) => name.trim());
  const dialects = (url ? ['sqlite', 'postgres'] : ['sqlite']).filter((d): d is DialectName => wanted.includes(d));
  if (only.has('table')) for (const dialect of dialects) await benchGermplasmTable(root, dialect, url, rounds);
  if (only.has('import')) for (const dialect of dialects) await benchMcpdImport(dialect, url);
  if (only.has('load')) for (const dialect of dialects) await benchLoad(root, dialect, url);
  if (only.has('markers')) for (const dialect of dialects) await (await import('./markers.js')).benchMarkers(root, dialect, url, rounds);
}

let finished = false;
// An await on something nothing will ever settle ends a Node process quietly with code 0: say so, and fail.
process.on('beforeExit', () => {
  if (finished) return;
  console.error('The benchmark stopped half way: the event loop emptied while it waited for something that never came.');
  process.exitCode = 1;
});

main().then(() => (finished = true), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
