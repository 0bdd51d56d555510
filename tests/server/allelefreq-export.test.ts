import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFrequencyExport } from '../../src/plugins/genotypes/allelefreq/export-task.js';
import { allelefreqFolder } from '../../src/plugins/genotypes/allelefreq/frequency-file.js';
import { exportSettled } from '../../src/plugins/genotypes/export/export-job.js';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { DISPLAY_NAMES, frequencyMatrix, frequencyText, GERMPLASM, importFrequencies, rawDb, seedGermplasm, type FrequencyMatrix } from './allelefreq-support.js';

/**
 * Allele-frequency exports on both databases, from generated files imported through the pipeline: each
 * binning method's states checked against a computation written here from the method's definition, the
 * unbinned file against the imported text, the histogram's counts, the map and identifiers files, the
 * licence gate and private datasets, bad requests, a failing job and a cancelled export.
 */

type Row = [name: string, cells: string[]];

/** The subset as the file holds it: selected lines (by the names the file uses) and marker columns, file order. */
function subsetOf(matrix: FrequencyMatrix, rows: readonly string[] | null, markers: readonly string[] | null): { markers: string[]; rows: Row[] } {
  const columns = matrix.markers.flatMap((m, i) => (!markers || markers.includes(m) ? [i] : []));
  return {
    markers: columns.map((i) => matrix.markers[i]),
    rows: matrix.rows.filter(([name]) => !rows || rows.includes(name)).map(([name, cells]) => [name, columns.map((i) => cells[i])]),
  };
}

const valuesOf = (rows: Row[]) => rows.flatMap(([, cells]) => cells.filter((c) => c !== '').map(Number));
const count = (n: number, test: (k: number) => boolean) => Array.from({ length: n }, (_, k) => k).filter(test).length;

/** The states by definition: equal bins k / n; split bins left and right of the point; edges belong to the bin above. */
const equalState = (v: number, n: number) => 1 + count(n - 1, (k) => v >= (k + 1) / n);
const splitState = (v: number, left: number, right: number, s: number) =>
  v < s ? 1 + count(left - 1, (k) => v >= ((k + 1) * s) / left) : left + 1 + count(right - 1, (k) => v >= s + ((k + 1) * (1 - s)) / right);

/** Auto edges from the sorted values: the upper edge of the 1/10,000 bucket holding the value at rank ⌈k·N/n⌉, kept once, never 1. */
function autoEdgesBySorting(values: number[], n: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const buckets = 10_000;
  const edges: number[] = [];
  for (let k = 1; k < n && sorted.length > 0; k += 1) {
    const v = sorted[Math.ceil((k * sorted.length) / n) - 1];
    let j = Math.min(buckets - 1, Math.floor(v * buckets) + 1);
    while (j / buckets > v) j -= 1;
    const edge = (j + 1) / buckets;
    if (j + 1 < buckets && (edges.length === 0 || edge > edges[edges.length - 1])) edges.push(edge);
  }
  return edges;
}

/** A file's lines without its last line end. */
const linesOf = (text: string) => {
  expect(text.endsWith('\n')).toBe(true);
  return text.slice(0, -1).split('\n');
};

describe.each(testDialects())('allele frequency export on %s', (dialect) => {
  let server: TestServer;
  const tokens = { regular: '', admin: '' };
  const ids = { main: 0, licensed: 0, private: 0, missing: 0, licence: 0, map: 0 };
  const germplasmIds = new Map<string, number>();
  const markerIds = new Map<string, number>();
  let matrix: FrequencyMatrix;
  const db = () => rawDb(server.db.database);

  /** Starts an export, waits for its job and answers the job as listed and its zip's files. */
  const exportOf = async (body: Record<string, unknown>, token: string | null = null) => {
    const started = await server.api('POST', 'dataset/export/allelefreq', { body, token });
    expect(started.status, await started.clone().text()).toBe(200);
    const job = (await started.json()) as { status: string; uuid: string };
    expect(job.status).toBe('waiting');
    await exportSettled(job.uuid);
    const listed = ((await (await server.api('POST', 'dataset/export/async', { body: { uuids: [job.uuid] }, token })).json()) as Record<string, unknown>[])[0];
    const download = await server.api('GET', `dataset/export/async/${job.uuid}/download`);
    const zip = download.status === 200 ? new Uint8Array(await download.arrayBuffer()) : new Uint8Array(0);
    const files = zip.length > 0 ? Object.fromEntries(Object.entries(unzipSync(zip)).map(([name, bytes]) => [name, strFromU8(bytes)])) : {};
    return { uuid: job.uuid, listed, download, files };
  };
  const histogramOf = (body: Record<string, unknown>, token: string | null = null) => server.api('POST', 'dataset/export/allelefreq/histogram', { body, token });

  beforeAll(async () => {
    server = await startServer(dialect);
    tokens.regular = await server.login('regular', passwordOf('regular'));
    tokens.admin = await server.login('admin', passwordOf('admin'));
    await seedGermplasm(server.db.database);
    for (const row of (await sql<{ id: number; name: string }>`SELECT id, name FROM germinatebase`.execute(db())).rows) germplasmIds.set(row.name, Number(row.id));
    matrix = frequencyMatrix(GERMPLASM, 30, 21);
    // The second line names its germplasm by display name: the export finds it as the import did.
    matrix.rows[1][0] = DISPLAY_NAMES['AF-G2'];
    const importText = async (name: string, text: string, datasetStateId = 1) => {
      const file = path.join(server.db.dataDir, name);
      fs.writeFileSync(file, text);
      const result = await importFrequencies(server.db.database, server.db.dataDir, file, { datasetStateId });
      expect(result.issues).toEqual([]);
      return Number(result.stats?.datasetId);
    };
    ids.main = await importText('main.txt', frequencyText(matrix, { dataset: 'Export frequencies', map: 'Export map', markerType: 'SNP', withMap: true }));
    const small = frequencyMatrix(GERMPLASM.slice(0, 3), 4, 5, 'SM_M');
    ids.licensed = await importText('licensed.txt', frequencyText(small, { dataset: 'Licensed frequencies' }));
    ids.private = await importText('private.txt', frequencyText(small, { dataset: 'Private frequencies' }), 2);
    ids.licence = Number((await sql<{ id: number }>`INSERT INTO licenses (name, description) VALUES ('Pool licence', 'Accept first') RETURNING id`.execute(db())).rows[0].id);
    await sql`UPDATE datasets SET license_id = ${ids.licence} WHERE id = ${ids.licensed}`.execute(db());
    const experiment = Number((await sql<{ experiment_id: number }>`SELECT experiment_id FROM datasets WHERE id = ${ids.main}`.execute(db())).rows[0].experiment_id);
    ids.missing = Number((await sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, dataset_state_id, source_file) VALUES (${experiment}, 4, 'Lost frequencies', 1, 'gone.txt') RETURNING id`.execute(db())).rows[0].id);
    ids.map = Number((await sql<{ id: number }>`SELECT id FROM maps WHERE name = 'Export map'`.execute(db())).rows[0].id);
    for (const row of (await sql<{ id: number; marker_name: string }>`SELECT id, marker_name FROM markers`.execute(db())).rows) markerIds.set(row.marker_name, Number(row.id));
  });
  afterAll(async () => server?.close());

  it('refuses requests without datasets, without a binning or outside its limits, and answers 404 where nothing may be exported', async () => {
    const start = (body: unknown) => server.api('POST', 'dataset/export/allelefreq', { body });
    const config = { binningMethod: 'equal', binsLeft: 10 };
    for (const body of [{ datasetIds: [], config }, { config }, { datasetIds: ['x'], config }, { datasetIds: [ids.main] }, { datasetIds: [ids.main], config: { binningMethod: 'equal' } }]) {
      expect((await start(body)).status, JSON.stringify(body)).toBe(400);
    }
    const limits = [
      { binningMethod: 'equal', binsLeft: 1 }, { binningMethod: 'equal', binsLeft: 21 }, { binningMethod: 'auto', binsLeft: 1 }, { binningMethod: 'auto', binsLeft: 2.5 },
      { binningMethod: 'split', binsLeft: 0, binsRight: 5, splitPoint: 0.5 }, { binningMethod: 'split', binsLeft: 5, binsRight: 11, splitPoint: 0.5 },
      { binningMethod: 'split', binsLeft: 5, binsRight: 5, splitPoint: 0.995 }, { binningMethod: 'split', binsLeft: 5, binsRight: 5 }, { binningMethod: 'quantile', binsLeft: 5 },
    ];
    for (const limit of limits) expect((await start({ datasetIds: [ids.main], config: limit })).status, JSON.stringify(limit)).toBe(400);
    expect((await start({ datasetIds: [987_654], config })).status).toBe(404);
    expect((await histogramOf({ datasetIds: [] })).status).toBe(400);
    expect((await histogramOf({ datasetIds: [987_654] })).status).toBe(404);
  });

  it('exports the whole dataset binned into equal bins: the unbinned file as imported, each state as its bin', async () => {
    const result = await exportOf({ datasetIds: [ids.main], config: { binningMethod: 'equal', binsLeft: 4 } });
    expect(result.listed).toMatchObject({ status: 'completed', datatype: 'allelefreq', datasetIds: [ids.main], jobConfig: { binningConfig: { binningMethod: 'equal', binsLeft: 4 } } });
    expect(result.download.headers.get('content-disposition')).toMatch(new RegExp(`"dataset-${ids.main}-\\d{4}(-\\d{2}){5}\\.zip"$`));
    const base = `dataset-${ids.main}`;
    expect(Object.keys(result.files)).toEqual([`${base}-unbinned.txt`, `${base}.txt`, `${base}.identifiers`]);
    const whole = subsetOf(matrix, null, null);
    const header = ['Lines/Markers', ...whole.markers].join('\t');
    expect(result.files[`${base}-unbinned.txt`]).toBe(`\n${header}\n${whole.rows.map(([name, cells]) => [name, ...cells].join('\t')).join('\n')}\n`);
    const binned = linesOf(result.files[`${base}.txt`]);
    expect(binned.slice(0, 3)).toEqual(['# fjFile = GENOTYPE', '', header]);
    expect(binned.slice(3)).toEqual(whole.rows.map(([name, cells]) => [name, ...cells.map((c) => (c === '' ? '' : String(equalState(Number(c), 4))))].join('\t')));
    // Every state is used, and edge values went up: 0.25 → 2, 0.5 → 3, 1 → 4.
    expect(new Set(binned.slice(3).flatMap((l) => l.split('\t').slice(1)))).toEqual(new Set(['', '1', '2', '3', '4']));
    // AF-G2 has a synonym (its display name): the one identifiers line.
    expect(result.files[`${base}.identifiers`]).toBe('# fjFile = PHENOTYPE\n\tPUID\tSource Material Name\tSource Material PUID\tSynonyms\nAF-G2\t\t\t\t[Freq two]');
    const logged = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM datasetaccesslogs WHERE dataset_id = ${ids.main}`.execute(db());
    expect(Number(logged.rows[0].n)).toBe(1);
  });

  it('exports a subset split left and right of the split point', async () => {
    const picked = ['AF-G1', 'AF-G2', 'AF-G5', 'AF-G9'];
    const markers = ['AF_M2', 'AF_M3', 'AF_M7', 'AF_M11', 'AF_M30'];
    const body = { datasetIds: [ids.main], yIds: picked.map((n) => germplasmIds.get(n)), xIds: markers.map((m) => markerIds.get(m)), config: { binningMethod: 'split', binsLeft: 3, binsRight: 2, splitPoint: 0.3 } };
    const result = await exportOf(body);
    const base = `dataset-${ids.main}`;
    const subset = subsetOf(matrix, ['AF-G1', DISPLAY_NAMES['AF-G2'], 'AF-G5', 'AF-G9'], markers);
    expect(subset.rows).toHaveLength(4);
    const header = ['Lines/Markers', ...markers].join('\t');
    expect(result.files[`${base}-unbinned.txt`]).toBe(`\n${header}\n${subset.rows.map(([name, cells]) => [name, ...cells].join('\t')).join('\n')}\n`);
    expect(linesOf(result.files[`${base}.txt`]).slice(3)).toEqual(subset.rows.map(([name, cells]) => [name, ...cells.map((c) => (c === '' ? '' : String(splitState(Number(c), 3, 2, 0.3))))].join('\t')));
    expect(splitState(0.3, 3, 2, 0.3)).toBe(4);
    // Without AF-G2, no identifiers line.
    const without = await exportOf({ ...body, yIds: [germplasmIds.get('AF-G1')] });
    expect(without.files[`${base}.identifiers`]).toBe('# fjFile = PHENOTYPE\n\tPUID\tSource Material Name\tSource Material PUID\tSynonyms');
  });

  it('exports auto bins of about equal counts with their .hist, and with a map only the markers on it and its map file', async () => {
    const result = await exportOf({ datasetIds: [ids.main], mapId: ids.map, config: { binningMethod: 'auto', binsLeft: 5 } });
    const base = `dataset-${ids.main}`;
    expect(Object.keys(result.files)).toEqual([`${base}-unbinned.txt`, `${base}.txt`, `${base}.hist`, `${base}.map`, `${base}.identifiers`]);
    const onMap = matrix.markers.filter((_, i) => matrix.chromosomes[i] !== '');
    const subset = subsetOf(matrix, null, onMap);
    const values = valuesOf(subset.rows);
    const edges = autoEdgesBySorting(values, 5);
    expect(edges).toHaveLength(4);
    const state = (v: number) => 1 + edges.filter((e) => v >= e).length;
    expect(linesOf(result.files[`${base}.txt`]).slice(2)).toEqual([
      ['Lines/Markers', ...onMap].join('\t'),
      ...subset.rows.map(([name, cells]) => [name, ...cells.map((c) => (c === '' ? '' : String(state(Number(c)))))].join('\t')),
    ]);
    const bounds = [0, ...edges, 1];
    expect(linesOf(result.files[`${base}.hist`])).toEqual([
      'bin\tfrom\tto\tcount',
      ...edges.concat(1).map((to, b) => `${b + 1}\t${bounds[b]}\t${to}\t${values.filter((v) => v >= bounds[b] && (b === edges.length ? v <= 1 : v < to)).length}`),
    ]);
    // Each bin holds about a fifth of the values.
    for (const line of linesOf(result.files[`${base}.hist`]).slice(1)) expect(Math.abs(Number(line.split('\t')[3]) - values.length / 5)).toBeLessThan(values.length / 10);
    // The map file: the map's definitions of the dataset's markers, chromosome by chromosome, by position.
    const definitions = onMap.map((m) => ({ m, chromosome: matrix.chromosomes[matrix.markers.indexOf(m)], position: Number(matrix.positions[matrix.markers.indexOf(m)]) }));
    definitions.sort((a, b) => a.chromosome.localeCompare(b.chromosome) || a.position - b.position);
    const map = result.files[`${base}.map`].split('\r\n');
    expect(map[0]).toBe('# fjFile = MAP');
    expect(map.slice(1, -1).map((l) => l.split('\t')).map(([m, c, p]) => ({ m, chromosome: c, position: Number(p) }))).toEqual(definitions);
  });

  it('answers the histogram of the subset’s frequencies in 200 buckets, and the header alone for an empty subset', async () => {
    const bucketCounts = (values: number[]) => Array.from({ length: 200 }, (_, i) => values.filter((v) => v >= i / 200 && (i === 199 ? v <= 1 : v < (i + 1) / 200)).length);
    const check = async (body: Record<string, unknown>, rows: string[] | null, markers: string[] | null) => {
      const response = await histogramOf(body);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="allelefreq-histogram-${ids.main}-[0-9a-f-]{36}\\.txt"$`));
      const counts = bucketCounts(valuesOf(subsetOf(matrix, rows, markers).rows));
      expect(linesOf(await response.text())).toEqual(['position\tcount', ...counts.map((n, i) => `${i / 200}\t${n}`)]);
    };
    await check({ datasetIds: [ids.main] }, null, null);
    await check({ datasetIds: [ids.main], yIds: [germplasmIds.get('AF-G3'), germplasmIds.get('AF-G4')], xIds: [markerIds.get('AF_M1'), markerIds.get('AF_M4')] }, ['AF-G3', 'AF-G4'], ['AF_M1', 'AF_M4']);
    // Markers of another dataset only: nothing to count.
    const empty = await histogramOf({ datasetIds: [ids.main], xIds: [markerIds.get('SM_M1')] });
    expect(await empty.text()).toBe('position\tcount\n');
  });

  it('keeps the licence gate and private datasets, exporting the first dataset the caller may use', async () => {
    const config = { binningMethod: 'equal', binsLeft: 2 };
    expect((await server.api('POST', 'dataset/export/allelefreq', { body: { datasetIds: [ids.licensed], config } })).status).toBe(404);
    expect((await histogramOf({ datasetIds: [ids.licensed] }, tokens.regular)).status).toBe(404);
    // Of a gated and an open dataset, the open one.
    const first = await exportOf({ datasetIds: [ids.licensed, ids.main], config });
    expect(first.listed).toMatchObject({ status: 'completed', datasetIds: [ids.main] });
    expect((await server.api('GET', `license/${ids.licence}/accept`, { token: tokens.regular })).status).toBe(200);
    expect((await histogramOf({ datasetIds: [ids.licensed] }, tokens.regular)).status).toBe(200);
    const accepted = await exportOf({ datasetIds: [ids.licensed, ids.main], config }, tokens.regular);
    expect(accepted.listed).toMatchObject({ status: 'completed', datasetIds: [ids.licensed] });
    expect(Object.keys(accepted.files)).toContain(`dataset-${ids.licensed}.txt`);

    expect((await server.api('POST', 'dataset/export/allelefreq', { body: { datasetIds: [ids.private], config }, token: tokens.regular })).status).toBe(404);
    expect((await histogramOf({ datasetIds: [ids.private] }, tokens.regular)).status).toBe(404);
    expect((await histogramOf({ datasetIds: [ids.private] }, tokens.admin)).status).toBe(200);
    expect((await exportOf({ datasetIds: [ids.private], config }, tokens.admin)).listed).toMatchObject({ status: 'completed', datasetIds: [ids.private] });
  });

  it('fails the job of a dataset whose file is missing, and stops an export that is cancelled without leaving a partial archive', async () => {
    const failed = await exportOf({ datasetIds: [ids.missing], config: { binningMethod: 'equal', binsLeft: 2 } });
    expect(failed.listed).toMatchObject({ status: 'failed' });
    expect(failed.download.status).toBe(404);
    expect((await histogramOf({ datasetIds: [ids.missing] })).status).toBe(404);

    const source = (await sql<{ source_file: string }>`SELECT source_file FROM datasets WHERE id = ${ids.main}`.execute(db())).rows[0].source_file;
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'allelefreq-cancel-'));
    let asked = 0;
    const outcome = await runFrequencyExport(
      {
        sourceFile: path.join(allelefreqFolder(server.db.dataDir), source), zipFile: path.join(folder, 'out.zip'), baseName: 'dataset-x', headerLines: '\n',
        binning: { binningMethod: 'equal', binsLeft: 3 }, germplasm: { names: GERMPLASM, displayNames: GERMPLASM.map(() => ''), labels: GERMPLASM, selected: null, identifiers: GERMPLASM.map(() => null) },
        markers: null, map: null,
      },
      { cancelled: () => (asked += 1) > 5, progress: () => undefined, log: () => undefined },
    );
    expect(outcome).toEqual({ status: 'cancelled' });
    expect(fs.readdirSync(folder)).toEqual([]);
    fs.rmSync(folder, { recursive: true, force: true });
  });
});
