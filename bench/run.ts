import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { DialectName } from '../src/server/db/database.js';
import { benchGermplasmTable } from './germplasm-table.js';
import { benchMcpdImport } from './mcpd-import.js';

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
  const url = await postgresUrl();
  const dialects: DialectName[] = url ? ['sqlite', 'postgres'] : ['sqlite'];
  const rounds = Number(process.env.BENCH_ROUNDS || 15);
  console.log(`Germinate Workspace benchmarks (${new Date().toISOString()}, node ${process.version}); medians of ${rounds} alternating rounds\n`);
  for (const dialect of dialects) await benchGermplasmTable(root, dialect, url, rounds);
  for (const dialect of dialects) await benchMcpdImport(dialect, url);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
