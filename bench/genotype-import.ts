import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite from 'better-sqlite3';
import { migrateAll } from '../src/server/app.js';
import { openDatabase } from '../src/server/db/database.js';
import { runImport } from '../src/server/import/pipeline.js';
import { serverPlugins } from '../src/plugins/server.js';
import { MEMBER_TYPE } from '../src/plugins/genotypes/tables.js';
import { writeMcpdTsv } from './mcpd-files.js';
import { median, report, time } from './measure.js';
import { generatedVcf, type GeneratedVcf } from './genotype-import-vcf.js';
import { plainParse } from './genotype-import-parse.js';
import { EXIT_HOOK, HEAP_MB } from './import-child.js';

/*
 * The genotype import benchmark (BENCH_ONLY=genotype-import): a generated VCF (bench/genotype-import-vcf.ts)
 * imported by the built CLI (`npm run import -- --type genotype`, dist/server/import.mjs: check, matrix file,
 * database transaction) into a fresh SQLite database that holds only its samples' passports, in a child
 * process whose peak resident memory (VmHWM) is the import's alone. Printed per size: the import's calls/s
 * against a plain parse of the same file (bench/genotype-import-parse.ts, no storage), and at the end the
 * import's peak memory at the largest size against the smallest (goal: flat, ≤ 1.5×).
 *
 * GENOTYPE_IMPORT_BENCH_CALLS: the sizes, comma separated (default 1e7,1e8); GENOTYPE_IMPORT_BENCH_SAMPLES:
 * samples per file (default 1,000; the variants make up the calls); GENOTYPE_IMPORT_BENCH_ROUNDS: runs of
 * each (default 1; the median is printed). The import's time and memory follow the markers (variants) more
 * than the calls: GENOTYPE_IMPORT_BENCH_SAMPLES=10000 makes 10^8 calls of 10,000 variants, =100 of 10^6.
 */

const SIZES = (process.env.GENOTYPE_IMPORT_BENCH_CALLS || '1e7,1e8').split(',').map((size) => Math.round(Number(size.trim())));
const SAMPLES = Number(process.env.GENOTYPE_IMPORT_BENCH_SAMPLES || 1_000);
const ROUNDS = Math.max(1, Number(process.env.GENOTYPE_IMPORT_BENCH_ROUNDS || 1));
const SEED = 11;
/** The variants of the import that measures the start-up. */
const TINY_VARIANTS = 10;
const loadAverage = () => os.loadavg().map((n) => n.toFixed(2)).join(', ');
const power = (n: number) => (Number.isInteger(Math.log10(n)) ? `10^${Math.log10(n)}` : n.toExponential(1));
const mcalls = (calls: number, ms: number) => `${(calls / ms / 1000).toFixed(2)} Mcalls/s`;
const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;

interface ImportRun {
  ms: number;
  peakKiB: number;
}

/** A SQLite database with the samples' passports (MCPD, imported as a curator would first), copied for each import. */
async function passportDatabase(scratch: string, samples: number): Promise<string> {
  const tsv = path.join(scratch, 'passports.tsv');
  await writeMcpdTsv(tsv, samples);
  const file = path.join(scratch, 'passports.sqlite');
  const database = await openDatabase({ databaseUrl: null, sqliteFile: file, schema: null });
  try {
    await migrateAll(database, serverPlugins);
    const importers = serverPlugins.flatMap((p) => p.importers ?? []);
    const result = await runImport(database, importers, { file: tsv, originalName: 'passports.tsv', type: 'mcpd', update: false, checkOnly: false }, { maxBytes: 1024 ** 3, now: new Date() });
    if (result.status !== 'imported') throw new Error(`the passports were ${result.status}: ${JSON.stringify(result.issues.slice(0, 3))}`);
  } finally {
    await database.close();
  }
  return file;
}

/** The import's markers and germplasm members, read from its database: the run must have imported the whole file. */
function checkImported(sqliteFile: string, dataDir: string, vcf: GeneratedVcf): void {
  const db = new BetterSqlite(sqliteFile, { readonly: true });
  try {
    const markers = Number((db.prepare('SELECT COUNT(*) AS n FROM markers').get() as { n: number }).n);
    const germplasm = Number((db.prepare('SELECT COUNT(*) AS n FROM datasetmembers WHERE datasetmembertype_id = ?').get(MEMBER_TYPE.germplasm) as { n: number }).n);
    const { source_file: sourceFile } = db.prepare('SELECT source_file FROM datasets WHERE source_file IS NOT NULL').get() as { source_file: string };
    if (markers !== vcf.variants || germplasm !== vcf.samples) throw new Error(`the import wrote ${markers} markers and ${germplasm} germplasm, expected ${vcf.variants} and ${vcf.samples}`);
    if (!fs.existsSync(path.join(dataDir, 'data', 'genotypes', sourceFile))) throw new Error(`the matrix file ${sourceFile} is missing`);
  } finally {
    db.close();
  }
}

/** `npm run import -- --type genotype <vcf>` (built) in a child process over a copy of the passport database. */
async function importInChild(root: string, scratch: string, passports: string, vcf: GeneratedVcf): Promise<ImportRun> {
  const cli = path.join(root, 'dist/server/import.mjs');
  if (!fs.existsSync(cli)) throw new Error(`${cli} is missing: run the benchmark with npm run bench (it builds the server first)`);
  const run = fs.mkdtempSync(path.join(scratch, 'run-'));
  try {
    const sqliteFile = path.join(run, 'germinate.sqlite');
    fs.copyFileSync(passports, sqliteFile);
    const hook = path.join(run, 'rss-hook.cjs');
    fs.writeFileSync(hook, EXIT_HOOK);
    const rssFile = path.join(run, 'peak');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: run, DATABASE_URL: '', DATABASE_SCHEMA: '', MAX_UPLOAD_BYTES: String(64 * 1024 ** 3), BENCH_RSS_FILE: rssFile };
    let code: number | null = null;
    let output = '';
    const ms = await time(
      () =>
        new Promise<void>((resolve, reject) => {
          const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--require', hook, cli, '--type', 'genotype', vcf.file], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
          const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
          child.stdout.on('data', keep);
          child.stderr.on('data', keep);
          child.on('error', reject);
          child.on('close', (exitCode) => {
            code = exitCode;
            resolve();
          });
        }),
    );
    if (code !== 0) throw new Error(`npm run import -- --type genotype ${path.basename(vcf.file)} exited ${code}:\n${output}`);
    checkImported(sqliteFile, run, vcf);
    return { ms, peakKiB: Number(fs.readFileSync(rssFile, 'utf8')) };
  } finally {
    fs.rmSync(run, { recursive: true, force: true });
  }
}

/** The plain parse, in this process: it stores nothing, so it needs no process of its own to measure. */
async function parseOnce(vcf: GeneratedVcf): Promise<number> {
  let calls = 0;
  const ms = await time(async () => (calls = plainParse(vcf.file).calls));
  if (calls !== vcf.calls) throw new Error(`the plain parse read ${calls} calls, expected ${vcf.calls}`);
  return ms;
}

/** Same layout as measure.ts's report, for a figure that is printed against its baseline without a goal. */
function figure(name: string, ours: string, baseline: string, ratio: number): void {
  console.log(`${name.padEnd(52)} ours ${ours.padStart(12)}   baseline ${baseline.padStart(12)}   ratio ${ratio.toFixed(2).padStart(6)}   (printed; no goal)`);
}

export async function benchGenotypeImport(root: string): Promise<void> {
  const started = performance.now();
  console.log(`\nGenotype import (VCF, ${SAMPLES.toLocaleString('en')} samples; sizes ${SIZES.map(power).join(', ')} calls; seed ${SEED}); load average ${loadAverage()}`);
  const cacheDir = path.join(root, 'bench/.cache');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-genotype-import-bench-'));
  try {
    const passports = await passportDatabase(scratch, SAMPLES);
    // What every import costs whatever its size (process start, migrations checked, germplasm looked up).
    const tiny = generatedVcf(cacheDir, SAMPLES, SAMPLES * TINY_VARIANTS, SEED);
    const startup = await importInChild(root, scratch, passports, tiny);
    console.log(`  an import of ${TINY_VARIANTS} variants (its start-up): ${(startup.ms / 1000).toFixed(1)} s, peak ${mib(startup.peakKiB)}`);
    const peaks: { calls: number; peakKiB: number }[] = [];
    for (const calls of SIZES) {
      const { generatedMs, ...vcf } = generatedVcf(cacheDir, SAMPLES, calls, SEED);
      const made = generatedMs === null ? 'cached' : `generated in ${(generatedMs / 1000).toFixed(1)} s`;
      console.log(`  ${power(vcf.calls)} calls: ${vcf.samples.toLocaleString('en')} samples × ${vcf.variants.toLocaleString('en')} variants, ${(vcf.bytes / 1e6).toFixed(0)} MB (${made}: ${path.relative(root, vcf.file)})`);
      const parses: number[] = [];
      const imports: ImportRun[] = [];
      // Alternately, so that a change in the machine's load hits both.
      for (let round = 0; round < ROUNDS; round += 1) {
        parses.push(await parseOnce(vcf));
        imports.push(await importInChild(root, scratch, passports, vcf));
      }
      const parseMs = median(parses);
      const importMs = median(imports.map((r) => r.ms));
      const peakKiB = Math.max(...imports.map((r) => r.peakKiB));
      peaks.push({ calls: vcf.calls, peakKiB });
      figure(`genotype import ${power(vcf.calls)} calls ÷ plain parse`, mcalls(vcf.calls, importMs), mcalls(vcf.calls, parseMs), parseMs / importMs);
      const net = importMs > startup.ms ? `, ${mcalls(vcf.calls, importMs - startup.ms)} after its start-up` : '';
      console.log(`${''.padEnd(52)} (import ${(importMs / 1000).toFixed(1)} s${net}, peak ${mib(peakKiB)}; parse ${(parseMs / 1000).toFixed(1)} s; load average ${loadAverage()})`);
    }
    if (peaks.length > 1) {
      const [small, large] = [peaks[0], peaks[peaks.length - 1]];
      const ratio = large.peakKiB / small.peakKiB;
      report(`genotype import peak memory ${power(large.calls)} ÷ ${power(small.calls)} calls`, mib(large.peakKiB), mib(small.peakKiB), ratio, 'flat ≤ 1.5×', ratio <= 1.5);
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`  (${((performance.now() - started) / 1000).toFixed(0)} s in all; load average now ${loadAverage()})`);
}
