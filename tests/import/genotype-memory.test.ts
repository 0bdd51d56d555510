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
});
