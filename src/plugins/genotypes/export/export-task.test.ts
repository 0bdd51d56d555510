import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatrixWriter } from '../storage/matrix-writer.js';
import { runExportTask, type ExportTask, type TaskHooks } from './export-task.js';
import { startExport } from './export-thread.js';
import type { GermplasmMembers } from './subset.js';

const GERMPLASM = ['G1', 'g2', 'G3', 'G4'];
const MARKERS = ['m1', 'm2', 'm3'];
const CALLS = [
  ['A', 'A/G', ''],
  ['T', '', 'C'],
  ['A', 'G', 'C/T'],
  ['', 'G', 'T'],
];

function members(selected: boolean[] | null): GermplasmMembers {
  // Stored names differ in case from the file's, and G3 is known by its display name only.
  const names = ['g1', 'G2', 'Other', 'G4'];
  const displayNames = ['Line one', 'g2', 'G3', 'G4'];
  return {
    names,
    displayNames,
    labels: displayNames,
    selected,
    identifiers: names.map((name) => (name === 'G4' ? { name, puid: 'P4', parentName: null, parentPuid: null, synonyms: null } : null)),
  };
}

describe('genotype export task', () => {
  let dir: string;
  let matrixFile: string;
  const task = (overrides: Partial<ExportTask>): ExportTask => ({
    matrixFile,
    zipFile: path.join(dir, `out-${Math.random().toString(36).slice(2)}.zip`),
    baseName: 'dataset-7',
    headerLines: '\n',
    formats: { flapjack: true, hapmap: true, vcf: true },
    germplasm: members(null),
    markers: null,
    map: null,
    ...overrides,
  });
  const hooks = (over: Partial<TaskHooks> = {}): TaskHooks => ({ cancelled: () => false, progress: () => undefined, log: () => undefined, ...over });
  const files = (zip: string) => Object.fromEntries(Object.entries(unzipSync(fs.readFileSync(zip))).map(([name, bytes]) => [name, strFromU8(bytes)]));

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'genotype-export-'));
    matrixFile = path.join(dir, 'calls.gtm');
    // Tiles of 2 × 2 so that the subsets cross tile edges.
    const writer = new MatrixWriter(matrixFile, { orientation: 'germplasm-rows', columns: MARKERS, tileRows: 2, tileColumns: 2 });
    GERMPLASM.forEach((name, i) => writer.add(name, CALLS[i]));
    writer.finish();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes every requested file of the selected rows and columns into the zip, progress up to 1', async () => {
    const shares: number[] = [];
    const request = task({
      germplasm: members([true, false, true, true]),
      markers: ['M1', 'm3'],
      map: { markers: ['m3', 'm1', 'm3'], chromosomes: ['1H', '2H', '2H'], starts: [5, 10.4, 99] },
    });
    const outcome = await runExportTask(request, hooks({ progress: (share) => shares.push(share) }));
    expect(outcome).toMatchObject({ status: 'completed', germplasm: 3, markers: 2 });
    expect(shares.at(-1)).toBe(1);
    expect(shares).toHaveLength(3 + 2 + 2);
    const zip = files(request.zipFile);
    expect(Object.keys(zip)).toEqual(['dataset-7.txt', 'dataset-7.map', 'dataset-7.identifiers', 'dataset-7.hapmap', 'dataset-7.vcf']);
    expect(zip['dataset-7.txt']).toBe('# fjFile = GENOTYPE\n\nAccession/Marker\tm1\tm3\nLine one\tA\t\nG3\tA\tC/T\nG4\t\tT\n');
    expect(zip['dataset-7.map']).toBe('# fjFile = MAP\r\nm3\t1H\t5.0\r\nm1\t2H\t10.4\r\nm3\t2H\t99.0\r\n');
    expect(zip['dataset-7.identifiers']).toBe('# fjFile = PHENOTYPE\n\tPUID\tSource Material Name\tSource Material PUID\tSynonyms\nG4\tP4\t\t\t');
    expect(zip['dataset-7.hapmap'].split('\n').slice(2)).toEqual(['m1\tNA\t2H\t10\tNA\tNA\tNA\tNA\tNA\tNA\tNA\tAA\tAA\tNN', 'm3\tNA\t1H\t5\tNA\tNA\tNA\tNA\tNA\tNA\tNA\tNN\tCT\tTT', '']);
    expect(zip['dataset-7.vcf'].split('\n').slice(4)).toEqual(['2H\t10\tm1\tA\t.\t.\t.\t.\tGT\t0/0\t0/0\t./.', '1H\t5\tm3\tT\tC\t.\t.\t.\tGT\t./.\t1/0\t0/0', '']);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('stops when cancelled and leaves no archive, partial or whole', async () => {
    const request = task({});
    let lines = 0;
    const outcome = await runExportTask(request, hooks({ cancelled: () => lines >= 2, progress: () => (lines += 1) }));
    expect(outcome).toEqual({ status: 'cancelled' });
    expect(lines).toBe(2);
    expect(fs.existsSync(request.zipFile)).toBe(false);
    expect(fs.existsSync(`${request.zipFile}.partial`)).toBe(false);
  });

  it('runs in a worker thread with the same result, and a cancel there stops it too', async () => {
    const inline = task({});
    await runExportTask(inline, hooks());
    const threaded = task({});
    const logs: string[] = [];
    const run = startExport({ datatype: 'genotype', task: threaded }, { progress: () => undefined, log: (line) => logs.push(line) });
    expect(await run.outcome).toMatchObject({ status: 'completed' });
    expect(logs.some((line) => line.includes('in the server thread'))).toBe(false);
    expect(files(threaded.zipFile)).toEqual(files(inline.zipFile));
    const cancelled = task({});
    const stopped = startExport({ datatype: 'genotype', task: cancelled }, { progress: () => undefined, log: () => undefined });
    stopped.cancel();
    expect(await stopped.outcome).toEqual({ status: 'cancelled' });
    expect(fs.existsSync(cancelled.zipFile)).toBe(false);
  });
});
