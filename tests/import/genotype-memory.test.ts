import fs from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { openGenotypeFile } from '../../src/plugins/genotypes/import/readers/open.js';

/**
 * The readers stream: memory must not grow with the number of records. A generated VCF of 200,000 markers ×
 * 100 samples (20 million calls, about 90 MB) goes through the VCF reader while the heap is measured after
 * a full collection, before, during and after.
 */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const MARKERS = 200_000;
const SAMPLES = 100;
const MiB = 1024 * 1024;
const LIMIT = 64 * MiB;

/** The GT of marker m, sample s, and the call the reader must give for it (REF A, ALT G). */
const GTS: [gt: string, call: string][] = [
  ['0/0', 'A'],
  ['0/1', 'A/G'],
  ['1/1', 'G'],
  ['./.', ''],
  ['1|0', 'G|A'],
  ['0|1', 'A|G'],
];
const gtOf = (m: number, s: number) => (m * 31 + s * 7) % GTS.length;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'genotype-memory-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function writeVcf(file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  const samples = Array.from({ length: SAMPLES }, (_, s) => `S${s}`);
  out.write('##fileformat=VCFv4.2\n');
  out.write(`${['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...samples].join('\t')}\n`);
  for (let m = 0; m < MARKERS; m += 1) {
    const cells = [`chr${1 + (m % 10)}`, String(1000 + m), `m${m}`, 'A', 'G', '.', 'PASS', '.', 'GT'];
    for (let s = 0; s < SAMPLES; s += 1) cells.push(GTS[gtOf(m, s)][0]);
    if (!out.write(`${cells.join('\t')}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

function heapUsed(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

describe('streaming', () => {
  it('a 200,000-marker VCF of 100 samples: the heap after iteration (and at any point during it) stays within 64 MiB of before', async () => {
    const file = path.join(dir, 'large.vcf');
    await writeVcf(file);
    expect(fs.statSync(file).size).toBeGreaterThan(80 * 1000 * 1000);

    const before = heapUsed();
    const reader = await openGenotypeFile(file, { extension: '.vcf' });
    let records = 0;
    let wrong = 0;
    let peak = 0;
    for await (const record of reader.records()) {
      const m = records;
      if (record.name !== `m${m}`) wrong += 1;
      for (let s = 0; s < SAMPLES; s += 1) if (record.calls[s] !== GTS[gtOf(m, s)][1]) wrong += 1;
      records += 1;
      if (records % 25_000 === 0) peak = Math.max(peak, heapUsed() - before);
    }
    await reader.close();
    const after = heapUsed() - before;

    expect(reader.issues).toEqual([]);
    expect(records).toBe(MARKERS);
    expect(wrong).toBe(0);
    expect(peak).toBeLessThan(LIMIT);
    expect(after).toBeLessThan(LIMIT);
  });

  it('names the importer keeps for the whole file hold on to nothing else of it (V8 substrings are views)', async () => {
    // Flat text: 2,000 germplasm × 5,000 markers, about 20 MB; germplasm names of 19 characters.
    const flat = path.join(dir, 'wide.txt');
    const out = fs.createWriteStream(flat);
    out.write(`Lines/Markers\t${Array.from({ length: 5000 }, (_, m) => `m${m}`).join('\t')}\n`);
    const calls = Array.from({ length: 5000 }, (_, m) => (m % 3 === 0 ? 'A/G' : 'T')).join('\t');
    for (let g = 0; g < 2000; g += 1) if (!out.write(`germplasm-name-${String(g).padStart(4, '0')}\t${calls}\n`)) await once(out, 'drain');
    out.end();
    await once(out, 'finish');

    // VCF: 50,000 markers of 200 samples, about 40 MB; marker names of 22 characters.
    const vcf = path.join(dir, 'names.vcf');
    const lines = [['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...Array.from({ length: 200 }, (_, s) => `S${s}`)].join('\t')];
    const samples = Array.from({ length: 200 }, (_, s) => (s % 2 ? '0/1:7' : '1/1:9')).join('\t');
    for (let m = 0; m < 50_000; m += 1) lines.push(`chromosome_1\t${m + 1}\tmarker_long_name_${String(m).padStart(5, '0')}\tA\tG\t.\t.\t.\tGT:DP\t${samples}`);
    fs.writeFileSync(vcf, `${lines.join('\n')}\n`);
    lines.length = 0;

    for (const [file, extension, minimum] of [[flat, '.txt', 20], [vcf, '.vcf', 40]] as const) {
      expect(fs.statSync(file).size).toBeGreaterThan(minimum * 1000 * 1000);
      const before = heapUsed();
      const kept: string[] = [];
      const reader = await openGenotypeFile(file, { extension });
      for await (const record of reader.records()) kept.push(record.name);
      const held = heapUsed() - before;
      expect(kept.length).toBeGreaterThan(1000);
      expect(kept.every((name) => name.length >= 19)).toBe(true);
      // Without copies each kept name would hold its 256 KiB read chunk: the whole file.
      expect(held).toBeLessThan(8 * MiB);
    }
  });
});
