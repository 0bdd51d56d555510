import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GenotypeOrientation } from '../src/plugins/genotypes/import/genotype-source.js';
import { seededRandom } from '../src/core/random.js';
import type { Candidate, ChildJob, ChildResult, SubsetJob } from './genotype-storage-child.js';
import { genotypeData, type GenotypeData } from './genotype-storage-data.js';
import { printGenotypeReport, type CandidateFigures, type Direction, type Flatness } from './genotype-storage-report.js';
import { median, time } from './measure.js';

/*
 * The genotype storage benchmark (BENCH_ONLY=genotypes): our matrix file (src/plugins/genotypes/storage)
 * against Germinate's HDF5 layout, on GENOTYPE_BENCH_GERMPLASM × GENOTYPE_BENCH_MARKERS generated calls
 * (bench/genotype-storage-data.ts; 2,000 × 100,000 = 2·10^8 by default). For each candidate:
 * - import from records arriving germplasm by germplasm and marker by marker: calls/s, file bytes, and the
 *   write's peak memory (each write in a child process, bench/genotype-storage-child.ts);
 * - a subset export of SUBSET_GERMPLASM random germplasm × SUBSET_MARKERS random markers, germplasm-major
 *   as Flapjack text and marker-major as HapMap text, into a temporary file: its time ÷ fs.copyFile of a file
 *   of the same size, and its peak memory (child process). Every text is checked against the text made
 *   straight from the generated calls, from the files written in both orientations.
 * - for ours, the write's peak memory at 10^7 and at 10^8 calls (flat: ≤ 1.5×); for comparison, HDF5 as
 *   Germinate writes it.
 * The `source` row is the generated cache itself: the records read and split without storing them, and
 * the subset exported from the raw bytes; it is what every candidate's figures include.
 */

const GERMPLASM = Number(process.env.GENOTYPE_BENCH_GERMPLASM || 2_000);
const MARKERS = Number(process.env.GENOTYPE_BENCH_MARKERS || 100_000);
const SEED = 7;
const SUBSET_GERMPLASM = 1_000;
const SUBSET_MARKERS = 50_000;
/** The smaller subset read back from the files written marker by marker, only to check them. */
const CHECK_GERMPLASM = 200;
const CHECK_MARKERS = 5_000;
const ROUNDS = Number(process.env.GENOTYPE_BENCH_ROUNDS || 3);
/** Same as an import job's worker (IMPORT_MAX_MEMORY_MB's default). */
const HEAP_MB = 512;

const CANDIDATES: { candidate: Candidate; label: string }[] = [
  { candidate: 'source', label: 'source only (read + split)' },
  { candidate: 'ours-0', label: 'ours, tiles stored (level 0)' },
  { candidate: 'ours-1', label: 'ours, zlib level 1' },
  { candidate: 'ours-6', label: 'ours, zlib level 6' },
  { candidate: 'hdf5-deflate', label: 'HDF5 100-row chunks, deflate 6' },
  { candidate: 'hdf5-germinate', label: 'HDF5 as Germinate writes (no filter)' },
];

const loadAverage = () => os.loadavg().map((n) => n.toFixed(2)).join(', ');

/** Bundles the child (esbuild, packages left external) so that its memory is the job's, without a TypeScript loader. */
async function buildChild(root: string): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = path.join(root, 'bench/.cache/genotype-storage-child.mjs');
  await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, 'bench/genotype-storage-child.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

async function runChild(child: string, scratch: string, job: ChildJob): Promise<ChildResult> {
  const jobFile = path.join(scratch, 'job.json');
  fs.writeFileSync(jobFile, JSON.stringify(job));
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const spawned = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, child, jobFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    spawned.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    spawned.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    spawned.on('error', reject);
    spawned.on('close', (exitCode) => resolve({ code: exitCode, stdout, stderr }));
  });
  if (code !== 0) throw new Error(`genotype storage child (${job.kind} ${job.candidate}) exited ${code}:\n${stderr}`);
  return JSON.parse(stdout.trim().split('\n').pop() ?? '') as ChildResult;
}

/** `count` distinct indexes below `size`, ascending, from a seeded shuffle. */
function sample(size: number, count: number, seed: number): number[] {
  const random = seededRandom(seed);
  const pool = Array.from({ length: size }, (_, i) => i);
  const take = Math.min(count, size);
  for (let i = 0; i < take; i += 1) {
    const j = i + Math.floor(random() * (size - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, take).sort((a, b) => a - b);
}

function sha256(file: string): string {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  const buffer = Buffer.allocUnsafe(4 * 1024 * 1024);
  try {
    for (let read = fs.readSync(fd, buffer); read > 0; read = fs.readSync(fd, buffer)) hash.update(buffer.subarray(0, read));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

interface Context {
  child: string;
  scratch: string;
  data: GenotypeData;
  rows: number[];
  columns: number[];
  checkRows: number[];
  checkColumns: number[];
  /** The texts made from the generated calls, by direction: the full subset and the check subset. */
  expected: Map<string, string>;
}

function files(ctx: Context, name: string) {
  return { file: path.join(ctx.scratch, `${name}.gt`), transposedFile: path.join(ctx.scratch, `transposed-${name}.gt`) };
}

function removeFiles(ctx: Context, name: string): void {
  const { file, transposedFile } = files(ctx, name);
  for (const target of [file, transposedFile]) fs.rmSync(target, { force: true });
}

async function write(ctx: Context, candidate: Candidate, orientation: GenotypeOrientation, records: number, name: string): Promise<ChildResult> {
  const germplasmRows = orientation === 'germplasm-rows';
  return runChild(ctx.child, ctx.scratch, {
    kind: 'write',
    candidate,
    orientation,
    source: germplasmRows ? ctx.data.rowsFile : ctx.data.columnsFile,
    records,
    width: germplasmRows ? ctx.data.markers : ctx.data.germplasm,
    ...files(ctx, name),
  });
}

/** The subset's lines read and dropped: the storage's share of an export's time. */
async function readOnly(ctx: Context, candidate: Candidate, direction: Direction, name: string): Promise<ChildResult> {
  return runChild(ctx.child, ctx.scratch, {
    kind: 'subset',
    candidate,
    direction,
    ...files(ctx, name),
    rowsFile: ctx.data.rowsFile,
    columnsFile: ctx.data.columnsFile,
    germplasm: ctx.data.germplasm,
    markers: ctx.data.markers,
    rows: ctx.rows,
    columns: ctx.columns,
    text: false,
    out: '',
  });
}

/** One subset export into a text file; the text's SHA-256 must be the one made from the generated calls. */
async function subset(ctx: Context, candidate: Candidate, direction: Direction, name: string, check: boolean): Promise<ChildResult & { out: string }> {
  const out = path.join(ctx.scratch, `${name}-${direction}${check ? '-check' : ''}.txt`);
  const job: SubsetJob = {
    kind: 'subset',
    candidate,
    direction,
    ...files(ctx, name),
    rowsFile: ctx.data.rowsFile,
    columnsFile: ctx.data.columnsFile,
    germplasm: ctx.data.germplasm,
    markers: ctx.data.markers,
    rows: check ? ctx.checkRows : ctx.rows,
    columns: check ? ctx.checkColumns : ctx.columns,
    text: true,
    out,
  };
  const result = await runChild(ctx.child, ctx.scratch, job);
  const key = `${direction}${check ? '-check' : ''}`;
  const digest = sha256(out);
  const expected = ctx.expected.get(key);
  if (expected === undefined) ctx.expected.set(key, digest);
  else if (expected !== digest) throw new Error(`${candidate} ${direction} subset${check ? ' (check, from the file written marker by marker)' : ''} differs from the generated calls`);
  return { ...result, out };
}

/** fs.copyFile of the text just written, median of ROUNDS + 2: the export's yardstick. */
async function copyMs(ctx: Context, file: string): Promise<number> {
  const copy = path.join(ctx.scratch, 'copy.txt');
  const times: number[] = [];
  for (let i = 0; i < ROUNDS + 2; i += 1) {
    times.push(await time(async () => fs.copyFileSync(file, copy)));
    fs.rmSync(copy, { force: true });
  }
  return median(times);
}

async function measureCandidate(ctx: Context, candidate: Candidate, label: string, copies: Map<Direction, number>): Promise<CandidateFigures> {
  const byGermplasm = await write(ctx, candidate, 'germplasm-rows', ctx.data.germplasm, `${candidate}-g`);
  const byMarker = await write(ctx, candidate, 'marker-rows', ctx.data.markers, `${candidate}-m`);
  const stored = Object.values(files(ctx, `${candidate}-g`)).filter((file) => fs.existsSync(file)).map((file) => fs.statSync(file).size);
  const figures: CandidateFigures = { candidate, label, write: { 'germplasm-rows': byGermplasm, 'marker-rows': byMarker }, files: stored, subset: {} };
  try {
    for (const direction of ['flapjack', 'hapmap'] as const) {
      const runs: (ChildResult & { out: string })[] = [];
      for (let round = 0; round < ROUNDS; round += 1) runs.push(await subset(ctx, candidate, direction, `${candidate}-g`, false));
      if (!copies.has(direction)) copies.set(direction, await copyMs(ctx, runs[0].out));
      for (const run of runs) fs.rmSync(run.out, { force: true });
      const reads: ChildResult[] = [];
      for (let round = 0; round < ROUNDS; round += 1) reads.push(await readOnly(ctx, candidate, direction, `${candidate}-g`));
      figures.subset[direction] = {
        ms: median(runs.map((r) => r.ms)),
        readMs: median(reads.map((r) => r.ms)),
        bytes: runs[0].bytes,
        peakKiB: Math.max(...runs.map((r) => r.peakKiB)),
      };
      // The file written marker by marker must hold the same calls.
      const check = await subset(ctx, candidate, direction, candidate === 'source' ? `${candidate}-g` : `${candidate}-m`, true);
      fs.rmSync(check.out, { force: true });
    }
  } finally {
    removeFiles(ctx, `${candidate}-g`);
    removeFiles(ctx, `${candidate}-m`);
  }
  return figures;
}

/**
 * The write's peak at 10^7 and 10^8 calls (or as many as the generated matrix has), in each orientation:
 * ours (the goal), and HDF5 as Germinate writes it (whose chunk grows with the matrix), for comparison.
 */
async function measureFlatness(ctx: Context): Promise<Flatness[]> {
  const out: Flatness[] = [];
  for (const candidate of ['ours-1', 'hdf5-germinate'] as const) {
    for (const orientation of ['germplasm-rows', 'marker-rows'] as const) {
      const width = orientation === 'germplasm-rows' ? ctx.data.markers : ctx.data.germplasm;
      const available = orientation === 'germplasm-rows' ? ctx.data.germplasm : ctx.data.markers;
      const sizes = [1e7, 1e8].map((calls) => Math.max(1, Math.min(available, Math.round(calls / width))));
      const results: ChildResult[] = [];
      for (const records of sizes) {
        results.push(await write(ctx, candidate, orientation, records, 'flat'));
        removeFiles(ctx, 'flat');
      }
      out.push({ candidate, orientation, calls: sizes.map((records) => records * width), peakKiB: results.map((r) => r.peakKiB) });
    }
  }
  return out;
}

export async function benchGenotypeStorage(root: string): Promise<void> {
  const started = performance.now();
  console.log(`\nGenotype storage: ${GERMPLASM.toLocaleString('en')} germplasm × ${MARKERS.toLocaleString('en')} markers = ${(GERMPLASM * MARKERS).toLocaleString('en')} calls (seed ${SEED}); load average ${loadAverage()}`);
  const { data, generatedMs } = genotypeData(path.join(root, 'bench/.cache'), GERMPLASM, MARKERS, SEED);
  console.log(generatedMs === null ? `  generated calls cached in ${path.relative(root, data.rowsFile)} (and .columns)` : `  generated in ${(generatedMs / 1000).toFixed(1)} s, cached in ${path.relative(root, data.rowsFile)} (and .columns)`);
  const child = await buildChild(root);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-genotype-bench-'));
  try {
    const ctx: Context = {
      child,
      scratch,
      data,
      rows: sample(GERMPLASM, SUBSET_GERMPLASM, SEED + 1),
      columns: sample(MARKERS, SUBSET_MARKERS, SEED + 2),
      checkRows: sample(GERMPLASM, CHECK_GERMPLASM, SEED + 3),
      checkColumns: sample(MARKERS, CHECK_MARKERS, SEED + 4),
      expected: new Map(),
    };
    const copies = new Map<Direction, number>();
    const figures: CandidateFigures[] = [];
    for (const { candidate, label } of CANDIDATES) {
      const candidateStarted = performance.now();
      figures.push(await measureCandidate(ctx, candidate, label, copies));
      console.log(`  measured ${label} in ${((performance.now() - candidateStarted) / 1000).toFixed(0)} s`);
    }
    const flatness = await measureFlatness(ctx);
    printGenotypeReport({
      calls: GERMPLASM * MARKERS,
      subset: { germplasm: ctx.rows.length, markers: ctx.columns.length },
      figures,
      copies,
      flatness,
    });
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`  (${((performance.now() - started) / 1000).toFixed(0)} s in all; load average now ${loadAverage()})`);
}
