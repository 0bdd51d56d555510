import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSettled } from '../../src/plugins/genotypes/export/export-job.js';
import { testDialects } from '../support/databases.js';
import { startServer, type TestServer } from '../support/server.js';
import { dataGrid, GENOTYPE_FILES, importGenotypes, readVcf, seedPassports, workbookGermplasm } from '../support/genotype-files.js';

/**
 * Genotype export jobs on both databases, from datasets imported from real files: the maize panel's VCF and
 * Germinate's example workbook (with its map). Exports go through the API and come back as the zip the
 * jobs panel downloads; their files are read back and compared with the imported files.
 */
const WORKBOOK = GENOTYPE_FILES.workbook;
const VCF = GENOTYPE_FILES.vcf;

/** A Flapjack genotype file read plainly (its layout checked on the way). */
function readFlapjack(text: string) {
  const lines = text.split('\n');
  expect(lines.slice(0, 2)).toEqual(['# fjFile = GENOTYPE', '']);
  expect(lines.at(-1)).toBe('');
  const header = lines[2].split('\t');
  expect(header[0]).toBe('Accession/Marker');
  const rows = lines.slice(3, -1).map((line) => line.split('\t'));
  return { markers: header.slice(1), labels: rows.map((r) => r[0]), calls: rows.map((r) => r.slice(1)) };
}

describe.each(testDialects())('genotype export on %s', (dialect) => {
  let server: TestServer;
  let grid: string[][];
  const ids = { workbook: 0, vcf: 0, known: 0, workbookMap: 0, vcfMap: 0 };
  const db = () => server.db.database.db as unknown as Kysely<unknown>;
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows[0];
  const importFile = (file: string, originalName?: string) => importGenotypes(server.db.database, server.db.dataDir, file, originalName);

  /** Starts an export, waits for its job to settle and answers the job as listed, its statuses seen and its zip's files. */
  const exportOf = async (body: Record<string, unknown>) => {
    const started = await server.api('POST', 'dataset/export/genotype', { body });
    expect(started.status, await started.clone().text()).toBe(200);
    const [job, ...more] = (await started.json()) as { status: string; uuid: string }[];
    expect(more).toEqual([]);
    expect(job.status).toBe('waiting');
    const poll = async () => ((await (await server.api('POST', 'dataset/export/async', { body: { uuids: [job.uuid] } })).json()) as Record<string, unknown>[])[0];
    const first = await poll();
    await exportSettled(job.uuid);
    const listed = await poll();
    const download = await server.api('GET', `dataset/export/async/${job.uuid}/download`);
    const zip = download.status === 200 ? new Uint8Array(await download.arrayBuffer()) : new Uint8Array(0);
    const files = zip.length > 0 ? Object.fromEntries(Object.entries(unzipSync(zip)).map(([name, bytes]) => [name, strFromU8(bytes)])) : {};
    return { uuid: job.uuid, first, listed, download, bytes: zip.length, files };
  };

  beforeAll(async () => {
    server = await startServer(dialect);
    grid = await dataGrid(WORKBOOK);
    const maize = readVcf(fs.readFileSync(VCF, 'utf8')).samples;
    // CACTUAR-2 gets a display name (the files' label; the import keeps it as a synonym too), CACTUAR-1 a PUID.
    const extra: Record<string, Record<string, string>> = { 'CACTUAR-2': { ACCENAME: 'Cactuar two' }, 'CACTUAR-1': { PUID: 'doi:10.1/cactuar-1' } };
    await seedPassports(server.db.database, dialect, [...workbookGermplasm(grid), ...maize], (name) => extra[name] ?? {});
    ids.workbook = await importFile(WORKBOOK);
    ids.vcf = await importFile(VCF, 'maize chr9.vcf');
    const known = path.join(server.db.dataDir, 'known.txt');
    fs.writeFileSync(known, '# dataset = Known calls\nLines/Markers\tk1\tk2\tk3\nCACTUAR-1\tA\tA/G\t\nCACTUAR-2\t-\tT\tC/T\n');
    ids.known = await importFile(known);
    ids.workbookMap = Number((await one(sql<{ id: number }>`SELECT id FROM maps WHERE name = 'Example map'`)).id);
    ids.vcfMap = Number((await one(sql<{ id: number }>`SELECT id FROM maps WHERE name = 'maize chr9'`)).id);
  });
  afterAll(async () => server?.close());

  it('refuses a request without datasets', async () => {
    expect((await server.api('POST', 'dataset/export/genotype', { body: { datasetIds: [] } })).status).toBe(400);
    expect((await server.api('POST', 'dataset/export/genotype', { body: {} })).status).toBe(400);
    expect((await server.api('POST', 'dataset/export/genotype', { body: { datasetIds: ['x'] } })).status).toBe(400);
  });

  it('exports the whole VCF dataset as Flapjack: every call as its GT says, through a job running → completed, downloaded once', async () => {
    const expected = readVcf(fs.readFileSync(VCF, 'utf8'));
    const result = await exportOf({ datasetIds: [ids.vcf] });
    expect(['running', 'completed']).toContain(result.first.status);
    expect(result.listed).toMatchObject({ uuid: result.uuid, status: 'completed', datatype: 'genotype', datasetIds: [ids.vcf], jobConfig: { fileTypes: ['text'] } });
    expect(result.listed.resultSize).toBe(result.bytes);
    expect(result.download.headers.get('content-disposition')).toMatch(new RegExp(`"dataset-${ids.vcf}-\\d{4}(-\\d{2}){5}\\.zip"$`));
    expect(Object.keys(result.files)).toEqual([`dataset-${ids.vcf}.txt`, `dataset-${ids.vcf}.identifiers`]);
    const flapjack = readFlapjack(result.files[`dataset-${ids.vcf}.txt`]);
    expect(flapjack.markers).toEqual(expected.records.map((r) => r.id));
    expect(flapjack.labels).toEqual(expected.samples);
    expected.samples.forEach((sample, s) => expect(flapjack.calls[s], sample).toEqual(expected.records.map((r) => r.calls[s])));
    // Downloaded once: hidden and gone; the access was logged.
    expect((await server.api('GET', `dataset/export/async/${result.uuid}/download`)).status).toBe(404);
    expect(Number((await one(sql<{ n: number }>`SELECT COUNT(*) AS n FROM datasetaccesslogs WHERE dataset_id = ${ids.vcf}`)).n)).toBe(1);
  });

  it('exports VCF whose GT calls, CHROM and POS are those of the imported VCF (with its map)', async () => {
    const expected = readVcf(fs.readFileSync(VCF, 'utf8'));
    const result = await exportOf({ datasetIds: [ids.vcf], generateFlatFile: false, generateVcf: true, mapId: ids.vcfMap });
    expect(result.listed).toMatchObject({ status: 'completed', jobConfig: { fileTypes: ['vcf'], subsetId: ids.vcfMap } });
    expect(Object.keys(result.files).sort()).toEqual([`dataset-${ids.vcf}.identifiers`, `dataset-${ids.vcf}.map`, `dataset-${ids.vcf}.vcf`]);
    const text = result.files[`dataset-${ids.vcf}.vcf`];
    expect(text.split('\n')[0]).toBe('##fileformat=VCFv4.2');
    const exported = readVcf(text);
    expect(exported.samples).toEqual(expected.samples);
    expect(exported.records.map((r) => [r.chrom, r.pos, r.id])).toEqual(expected.records.map((r) => [r.chrom, r.pos, r.id]));
    expected.records.forEach((record, i) => expect(exported.records[i].calls, record.id).toEqual(record.calls));
    // TASSEL wrote the major allele as REF, and so do we wherever a record's calls show it.
    const same = expected.records.filter((r, i) => r.ref === exported.records[i].ref).length;
    expect(same / expected.records.length).toBeGreaterThan(0.9);
  });

  it('exports HapMap with known calls converted, and positions from the chosen map', async () => {
    const known = await exportOf({ datasetIds: [ids.known], generateFlatFile: false, generateHapMap: true });
    expect(known.files[`dataset-${ids.known}.hapmap`].split('\n')).toEqual([
      '',
      'rs#\talleles\tchrom\tpos\tstrand\tassembly#\tcenter\tprotLSID\tassayLSID\tpanelLSID\tQCcode\tCACTUAR-1\tCactuar two',
      'k1\tNA\t\t\tNA\tNA\tNA\tNA\tNA\tNA\tNA\tAA\tNN',
      'k2\tNA\t\t\tNA\tNA\tNA\tNA\tNA\tNA\tNA\tAG\tTT',
      'k3\tNA\t\t\tNA\tNA\tNA\tNA\tNA\tNA\tNA\tNN\tCT',
      '',
    ]);
    const mapped = await exportOf({ datasetIds: [ids.workbook], generateFlatFile: false, generateHapMap: true, mapId: ids.workbookMap });
    const lines = mapped.files[`dataset-${ids.workbook}.hapmap`].split('\n').slice(2, -1).map((l) => l.split('\t'));
    const markers = grid[2].slice(1).filter((m) => m !== '');
    expect(lines.map((l) => l.slice(0, 4))).toEqual(markers.map((m, i) => [m, 'NA', grid[0][i + 1], String(Math.round(Number(grid[1][i + 1])))]));
    const calls = grid.slice(3).map((r) => r.slice(1, markers.length + 1));
    const hapmap = (call: string) => (call === '' ? 'NN' : call.length === 1 ? call + call : call.replace('/', ''));
    lines.forEach((line, m) => expect(line.slice(11), markers[m]).toEqual(calls.map((row) => hapmap(row[m]))));
  });

  it('writes the map file and the identifiers file of the workbook dataset, with display names as labels', async () => {
    const result = await exportOf({ datasetIds: [ids.workbook], mapId: ids.workbookMap });
    const markers = grid[2].slice(1).filter((m) => m !== '');
    const map = result.files[`dataset-${ids.workbook}.map`].split('\r\n');
    expect(map[0]).toBe('# fjFile = MAP');
    expect(map.at(-1)).toBe('');
    const definitions = map.slice(1, -1).map((l) => l.split('\t'));
    expect(new Set(definitions.map((d) => d[0]))).toEqual(new Set(markers));
    // Positions as Java doubles; in map order: the map's chromosomes, each by position.
    const byMarker = new Map(markers.map((m, i) => [m, [grid[0][i + 1], `${Number(grid[1][i + 1])}.0`]]));
    for (const [marker, chromosome, position] of definitions) expect([chromosome, position]).toEqual(byMarker.get(marker));
    const chromosomes = (await (await server.api('GET', `map/${ids.workbookMap}/chromosome`)).json()) as string[];
    expect(definitions.map((d) => d[1]).filter((c, i, all) => i === 0 || all[i - 1] !== c)).toEqual(chromosomes);
    for (const chromosome of chromosomes) {
      const positions = definitions.filter((d) => d[1] === chromosome).map((d) => Number(d[2]));
      expect(positions, chromosome).toEqual([...positions].sort((a, b) => a - b));
    }
    expect(result.files[`dataset-${ids.workbook}.identifiers`]).toBe('# fjFile = PHENOTYPE\n\tPUID\tSource Material Name\tSource Material PUID\tSynonyms\nCACTUAR-1\tdoi:10.1/cactuar-1\t\t\t\nCACTUAR-2\t\t\t\t[Cactuar two]');
    const flapjack = readFlapjack(result.files[`dataset-${ids.workbook}.txt`]);
    expect(flapjack.labels.slice(0, 3)).toEqual(['CACTUAR-1', 'Cactuar two', 'CACTUAR-3']);
    expect(flapjack.calls).toEqual(grid.slice(3).map((r) => r.slice(1, markers.length + 1)));
  });
});
