import fs from 'node:fs';
import type { GenotypeOrientation } from '../src/plugins/genotypes/import/genotype-source.js';
import { MatrixReader } from '../src/plugins/genotypes/storage/matrix-reader.js';
import { MatrixWriter } from '../src/plugins/genotypes/storage/matrix-writer.js';
import { CALLS, germplasmName, markerName } from './genotype-storage-data.js';
import { DEFLATE_LAYOUT, GERMINATE_LAYOUT, Hdf5GenotypeReader, Hdf5GenotypeWriter, loadHdf5 } from './genotype-storage-hdf5.js';
import { writeFlapjack, writeHapmap, type SubsetSource } from './genotype-storage-text.js';

/*
 * One write or one subset export of the genotype storage benchmark, in a process of its own so that its
 * peak resident memory (Linux's VmHWM, read from /proc/self/status at the end) is the job's alone.
 * Started by bench/genotype-storage.ts as `node child.mjs <job.json>`; prints its ChildResult as JSON.
 */

/** `source` is the generated cache itself: reading and splitting records without storing them, or exporting from the raw bytes. */
export type Candidate = 'source' | 'ours-0' | 'ours-1' | 'ours-6' | 'hdf5-deflate' | 'hdf5-germinate';
/** zlib level of each of our candidates (0: tiles stored without compression). */
const OUR_LEVELS: Partial<Record<Candidate, number>> = { 'ours-0': 0, 'ours-1': 1, 'ours-6': 6 };

export interface WriteJob {
  kind: 'write';
  candidate: Candidate;
  orientation: GenotypeOrientation;
  /** The cache file of that orientation, and how many of its records (each `width` calls) to import. */
  source: string;
  records: number;
  width: number;
  file: string;
  transposedFile: string;
}

export interface SubsetJob {
  kind: 'subset';
  candidate: Candidate;
  direction: 'flapjack' | 'hapmap';
  file: string;
  transposedFile: string;
  /** The generated cache (the `source` candidate reads it). */
  rowsFile: string;
  columnsFile: string;
  germplasm: number;
  markers: number;
  /** Ascending germplasm and marker indexes. */
  rows: number[];
  columns: number[];
  /** false: only read the subset's lines (the storage's share of an export), writing no text. */
  text: boolean;
  out: string;
}

export type ChildJob = WriteJob | SubsetJob;

export interface ChildResult {
  ms: number;
  /** Written: the stored files' bytes; subset: the text's bytes (read only: the calls read). */
  bytes: number;
  peakKiB: number;
}

function peakKiB(): number {
  const match = /VmHWM:\s*(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) : process.resourceUsage().maxRSS;
}

/** The records of a cache file as a parser hands them over: a name and one call text per column. */
function* records(job: WriteJob): Generator<{ name: string; calls: string[] }> {
  const fd = fs.openSync(job.source, 'r');
  const buffer = Buffer.allocUnsafe(job.width);
  const name = job.orientation === 'germplasm-rows' ? germplasmName : markerName;
  try {
    for (let i = 0; i < job.records; i += 1) {
      fs.readSync(fd, buffer, 0, job.width, i * job.width);
      const calls = new Array<string>(job.width);
      for (let j = 0; j < job.width; j += 1) calls[j] = CALLS[buffer[j]];
      yield { name: name(i), calls };
    }
  } finally {
    fs.closeSync(fd);
  }
}

async function write(job: WriteJob): Promise<number> {
  const columns = Array.from({ length: job.width }, (_, i) => (job.orientation === 'germplasm-rows' ? markerName(i) : germplasmName(i)));
  if (job.candidate === 'source') {
    let calls = 0;
    for (const record of records(job)) calls += record.calls.length;
    return calls;
  }
  if (OUR_LEVELS[job.candidate] !== undefined) {
    const writer = new MatrixWriter(job.file, { orientation: job.orientation, columns, level: OUR_LEVELS[job.candidate] });
    for (const record of records(job)) writer.add(record.name, record.calls);
    return writer.finish().bytes;
  }
  const layout = job.candidate === 'hdf5-deflate' ? DEFLATE_LAYOUT : GERMINATE_LAYOUT;
  const writer = new Hdf5GenotypeWriter(job.file, job.transposedFile, { orientation: job.orientation, columns, records: job.records, layout });
  try {
    for (const record of records(job)) writer.add(record.name, record.calls);
    return writer.finish();
  } catch (error) {
    writer.abort();
    throw error;
  }
}

/** Lines of codes straight from the cache files (rows file for germplasm-major, columns file for marker-major). */
function pick(file: string, stride: number, lines: readonly number[], picks: readonly number[]): AsyncIterable<{ index: number; codes: Uint8Array }> {
  return (async function* () {
    const fd = fs.openSync(file, 'r');
    const buffer = Buffer.allocUnsafe(stride);
    try {
      for (const line of lines) {
        fs.readSync(fd, buffer, 0, stride, line * stride);
        const codes = new Uint8Array(picks.length);
        for (let k = 0; k < picks.length; k += 1) codes[k] = buffer[picks[k]];
        yield { index: line, codes };
      }
    } finally {
      fs.closeSync(fd);
    }
  })();
}

async function subsetSource(job: SubsetJob): Promise<{ source: SubsetSource; close: () => Promise<void> }> {
  if (job.candidate === 'source') {
    const source: SubsetSource = {
      states: CALLS,
      rowName: germplasmName,
      columnName: markerName,
      rowLines: (rows, columns) => pick(job.rowsFile, job.markers, rows, columns),
      columnLines: (columns, rows) => pick(job.columnsFile, job.germplasm, columns, rows),
    };
    return { source, close: async () => undefined };
  }
  if (OUR_LEVELS[job.candidate] !== undefined) {
    const reader = await MatrixReader.open(job.file);
    const source: SubsetSource = {
      states: reader.states,
      rowName: (i) => reader.footer.rowNames[i],
      columnName: (i) => reader.footer.columnNames[i],
      rowLines: (rows, columns) => reader.rowLines(rows, columns),
      columnLines: (columns, rows) => reader.columnLines(columns, rows),
    };
    return { source, close: () => reader.close() };
  }
  const reader = Hdf5GenotypeReader.open(job.file, job.transposedFile);
  return { source: reader, close: async () => reader.close() };
}

/** Reads the subset's lines and drops them; returns the number of calls read. */
async function readOnly(source: SubsetSource, job: SubsetJob): Promise<number> {
  let calls = 0;
  const lines = job.direction === 'flapjack' ? source.rowLines(job.rows, job.columns) : source.columnLines(job.columns, job.rows);
  for await (const line of lines) calls += line.codes.length;
  return calls;
}

async function subset(job: SubsetJob): Promise<number> {
  const { source, close } = await subsetSource(job);
  try {
    if (!job.text) return await readOnly(source, job);
    return job.direction === 'flapjack' ? await writeFlapjack(source, job.rows, job.columns, job.out) : await writeHapmap(source, job.rows, job.columns, job.out);
  } finally {
    await close();
  }
}

async function main(): Promise<void> {
  const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as ChildJob;
  if (job.candidate.startsWith('hdf5')) await loadHdf5();
  const started = performance.now();
  const bytes = job.kind === 'write' ? await write(job) : await subset(job);
  const ms = performance.now() - started;
  const result: ChildResult = { ms, bytes, peakKiB: peakKiB() };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
