import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { seededRandom } from '../src/core/random.js';
import { runExportTask, type ExportTask } from '../src/plugins/genotypes/export/export-task.js';
import { flapjackFile } from '../src/plugins/genotypes/export/flapjack-writer.js';
import type { GermplasmMembers } from '../src/plugins/genotypes/export/subset.js';
import { MatrixReader } from '../src/plugins/genotypes/storage/matrix-reader.js';
import { MatrixWriter } from '../src/plugins/genotypes/storage/matrix-writer.js';
import { CALLS, genotypeData, germplasmName, markerName } from './genotype-storage-data.js';
import { median, report, time } from './measure.js';

/*
 * The genotype export benchmark (BENCH_ONLY=genotype-export): the product's own export task (the one an
 * export job's worker runs: matrix read band by band, Flapjack text, zip entry) on a subset of
 * GENOTYPE_EXPORT_SUBSET_GERMPLASM (1,000) random germplasm × GENOTYPE_EXPORT_SUBSET_MARKERS (100,000) random
 * markers of a larger stored dataset, GENOTYPE_EXPORT_GERMPLASM (2,000) × GENOTYPE_EXPORT_MARKERS (200,000)
 * generated calls (bench/genotype-storage-data.ts) in our matrix file (cached in bench/.cache).
 * Figure: Flapjack text bytes/s ÷ fs.copyFile of a file of the same size (goal ≥ 0.3×); also printed against a
 * stream copy (read and write through Node, as a server copies), and the export's parts: the subset read
 * alone, and the text made without the zip.
 */

const GERMPLASM = Number(process.env.GENOTYPE_EXPORT_GERMPLASM || 2_000);
const MARKERS = Number(process.env.GENOTYPE_EXPORT_MARKERS || 200_000);
const SUBSET_GERMPLASM = Number(process.env.GENOTYPE_EXPORT_SUBSET_GERMPLASM || 1_000);
const SUBSET_MARKERS = Number(process.env.GENOTYPE_EXPORT_SUBSET_MARKERS || 100_000);
const ROUNDS = Number(process.env.GENOTYPE_EXPORT_ROUNDS || 3);
const SEED = 7;

const loadAverage = () => os.loadavg().map((n) => n.toFixed(2)).join(', ');
const mbps = (bytes: number, ms: number) => `${(bytes / ms / 1000).toFixed(0)} MB/s`;

/** Our matrix file of the generated calls, written once germplasm by germplasm and kept beside the cache. */
function matrixFile(cacheDir: string): string {
  const { data } = genotypeData(cacheDir, GERMPLASM, MARKERS, SEED);
  const file = path.join(cacheDir, `genotype-export-${GERMPLASM}x${MARKERS}-seed${SEED}.gtm`);
  if (fs.existsSync(file)) return file;
  const columns = Array.from({ length: MARKERS }, (_, i) => markerName(i));
  const writer = new MatrixWriter(file, { orientation: 'germplasm-rows', columns });
  const fd = fs.openSync(data.rowsFile, 'r');
  const record = Buffer.allocUnsafe(MARKERS);
  try {
    for (let g = 0; g < GERMPLASM; g += 1) {
      fs.readSync(fd, record, 0, MARKERS, g * MARKERS);
      writer.add(germplasmName(g), Array.from(record, (code) => CALLS[code]));
    }
    writer.finish();
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

/** `count` distinct indexes below `total`, ascending, from a seeded draw. */
function pick(total: number, count: number, seed: number): number[] {
  const random = seededRandom(seed);
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, total)) chosen.add(Math.floor(random() * total));
  return [...chosen].sort((a, b) => a - b);
}

function members(rows: readonly number[]): GermplasmMembers {
  const selected = new Set(rows);
  const names = Array.from({ length: GERMPLASM }, (_, i) => germplasmName(i));
  return { names, displayNames: names, labels: names, selected: names.map((_, i) => selected.has(i)), identifiers: names.map(() => null) };
}

const hooks = { cancelled: () => false, progress: () => undefined, log: () => undefined };

export async function benchGenotypeExport(root: string): Promise<void> {
  const cacheDir = path.join(root, 'bench/.cache');
  console.log(`\nGenotype export (Flapjack, ${SUBSET_GERMPLASM.toLocaleString('en')} × ${SUBSET_MARKERS.toLocaleString('en')} of ${GERMPLASM.toLocaleString('en')} × ${MARKERS.toLocaleString('en')} calls); load average ${loadAverage()}`);
  const file = matrixFile(cacheDir);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'genotype-export-bench-'));
  try {
    const rows = pick(GERMPLASM, SUBSET_GERMPLASM, SEED + 1);
    const columns = pick(MARKERS, SUBSET_MARKERS, SEED + 2);
    const task: ExportTask = {
      matrixFile: file,
      zipFile: path.join(scratch, 'export.zip'),
      baseName: 'dataset-1',
      headerLines: '\n',
      formats: { flapjack: true, hapmap: false, vcf: false },
      germplasm: members(rows),
      markers: columns.map(markerName),
      map: null,
    };
    const exports: number[] = [];
    const reads: number[] = [];
    const texts: number[] = [];
    const copies: number[] = [];
    const streams: number[] = [];
    let textBytes = 0;
    const same = path.join(scratch, 'same-size');
    for (let round = 0; round < ROUNDS; round += 1) {
      exports.push(await time(async () => {
        const outcome = await runExportTask(task, hooks);
        if (outcome.status !== 'completed') throw new Error('The export did not complete.');
        textBytes = outcome.textBytes;
      }));
      if (round === 0) fs.writeFileSync(same, Buffer.alloc(textBytes, 0x41));
      copies.push(await time(() => fs.promises.copyFile(same, path.join(scratch, 'copy'))));
      streams.push(await time(() => pipeline(fs.createReadStream(same), fs.createWriteStream(path.join(scratch, 'stream')))));
      const reader = await MatrixReader.open(file);
      try {
        reads.push(await time(async () => {
          for await (const line of reader.rowLines(rows, columns)) if (line.codes.length !== columns.length) throw new Error('short line');
        }));
        texts.push(await time(async () => {
          const input = { headerLines: '\n', germplasm: rows.map(germplasmName), markers: columns.map(markerName), states: reader.states };
          let bytes = 0;
          for await (const chunk of flapjackFile(input, reader.rowLines(rows, columns))) bytes += chunk.length;
          // The export's text also holds its small identifiers file.
          if (bytes === 0 || bytes > textBytes || textBytes - bytes > 64 * 1024) throw new Error(`text ${bytes} bytes, export ${textBytes}`);
        }));
      } finally {
        await reader.close();
      }
    }
    const ours = median(exports);
    const copy = median(copies);
    const stream = median(streams);
    const ratio = copy / ours;
    report('genotype export Flapjack ÷ fs.copyFile', mbps(textBytes, ours), mbps(textBytes, copy), ratio, '≥ 0.3×', ratio >= 0.3);
    report('genotype export Flapjack ÷ stream copy', mbps(textBytes, ours), mbps(textBytes, stream), stream / ours, '(printed)', true);
    console.log(`  ${(textBytes / 1e6).toFixed(0)} MB of text, zipped, in ${(ours / 1000).toFixed(2)} s; the subset read alone ${(median(reads) / 1000).toFixed(2)} s, read + text without the zip ${(median(texts) / 1000).toFixed(2)} s; load average now ${loadAverage()}`);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
