import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allelefreqFolder } from '../../src/plugins/genotypes/allelefreq/frequency-file.js';
import { testDialects } from '../support/databases.js';
import { passwordOf, ROOT, startServer, type TestServer } from '../support/server.js';
import { DISPLAY_NAMES, frequencyMatrix, frequencyText, GERMPLASM, importFrequencies, rawDb, seedGermplasm, type FrequencyMatrix } from './allelefreq-support.js';
import { errorsOf, uploadJob, waitForJob } from './import-jobs-support.js';

/**
 * Allele-frequency imports on both databases: generated files through the pipeline (and once through the
 * uploader's job), the genotype workbook layout with its datasheet, each bad input once (nothing written,
 * no file left), a failed transaction, and the stored file served by download-source and removed with its
 * dataset.
 */
describe.each(testDialects())('allele frequency import on %s', (dialect) => {
  let server: TestServer;
  let curator: string;
  let admin: string;
  const db = () => rawDb(server.db.database);
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(db())).rows[0].n);
  const folder = () => allelefreqFolder(server.db.dataDir);
  const files = () => (fs.existsSync(folder()) ? fs.readdirSync(folder()).sort() : []);
  const write = (name: string, text: string) => {
    const file = path.join(server.db.dataDir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  /** The stored file as the import must write it: the marker row and the lines, frequencies as written. */
  const storedText = (matrix: FrequencyMatrix) => [['Lines/Markers', ...matrix.markers], ...matrix.rows.map(([name, cells]) => [name, ...cells])].map((l) => `${l.join('\t')}\n`).join('');

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: { pollMs: 200, heartbeatMs: 200 } });
    curator = await server.login('curator', passwordOf('curator'));
    admin = await server.login('admin', passwordOf('admin'));
    await seedGermplasm(server.db.database);
  });
  afterAll(async () => server?.close());

  it('imports a generated file: a type 4 dataset with its members, new markers, the file’s map, the frequencies kept as written', async () => {
    const matrix = frequencyMatrix(GERMPLASM, 40);
    // AF-G2 by its display name: matched as the genotype import matches germplasm.
    matrix.rows[1][0] = DISPLAY_NAMES['AF-G2'];
    const before = files();
    const result = await importFrequencies(server.db.database, server.db.dataDir, write('freq.txt', frequencyText(matrix, { dataset: 'Pool frequencies', map: 'Pool map', markerType: 'SNP', withMap: true })), { userId: 3 });
    expect(result.issues).toEqual([]);
    expect(result.status).toBe('imported');
    const datasetId = Number(result.stats?.datasetId);
    expect(result.stats).toMatchObject({ germplasm: 12, markers: 40, newMarkers: 40, mapDefinitions: 32 });
    const dataset = (await sql<{ datasettype_id: number; name: string; source_file: string; created_by: number; dataset_state_id: number }>`SELECT datasettype_id, name, source_file, created_by, dataset_state_id FROM datasets WHERE id = ${datasetId}`.execute(db())).rows[0];
    expect(dataset).toMatchObject({ name: 'Pool frequencies', created_by: 3, dataset_state_id: 1 });
    expect(Number(dataset.datasettype_id)).toBe(4);
    expect(files()).toEqual([...before, dataset.source_file].sort());
    expect(fs.readFileSync(path.join(folder(), dataset.source_file), 'utf8')).toBe(storedText(matrix));
    // Members: every marker (type 1) and every germplasm (type 2), AF-G2 found by its display name.
    const members = (await sql<{ name: string }>`SELECT g.name FROM datasetmembers dm JOIN germinatebase g ON g.id = dm.foreign_id WHERE dm.dataset_id = ${datasetId} AND dm.datasetmembertype_id = 2 ORDER BY g.id`.execute(db())).rows;
    expect(members.map((m) => m.name)).toEqual(GERMPLASM);
    expect(await count(sql`SELECT COUNT(*) AS n FROM datasetmembers dm JOIN markers m ON m.id = dm.foreign_id WHERE dm.dataset_id = ${datasetId} AND dm.datasetmembertype_id = 1 AND m.marker_name LIKE 'AF_M%'`)).toBe(40);
    expect(await count(sql`SELECT COUNT(*) AS n FROM markers m JOIN markertypes t ON t.id = m.markertype_id WHERE t.description = 'SNP' AND m.marker_name LIKE 'AF_M%'`)).toBe(40);
    const definitions = (await sql<{ marker_name: string; chromosome: string; definition_start: number }>`SELECT m.marker_name, d.chromosome, d.definition_start FROM mapdefinitions d
      JOIN maps p ON p.id = d.map_id JOIN markers m ON m.id = d.marker_id WHERE p.name = 'Pool map' ORDER BY d.id`.execute(db())).rows;
    const expected = matrix.markers.flatMap((marker, i) => (matrix.chromosomes[i] === '' ? [] : [{ marker_name: marker, chromosome: matrix.chromosomes[i], definition_start: Number(matrix.positions[i]) }]));
    expect(definitions.map((d) => ({ ...d, definition_start: Number(d.definition_start) }))).toEqual(expected);

    // The same markers again: found by name, none created twice; no map rows, no map; named after the file.
    const again = await importFrequencies(server.db.database, server.db.dataDir, write('second batch.txt', frequencyText(frequencyMatrix(GERMPLASM.slice(0, 3), 40, 9))), { originalName: 'second batch.txt' });
    expect(again.issues).toEqual([]);
    expect(again.stats).toMatchObject({ germplasm: 3, markers: 40, newMarkers: 0 });
    expect(again.stats?.mapDefinitions).toBeUndefined();
    expect((await sql<{ name: string }>`SELECT name FROM datasets WHERE id = ${Number(again.stats?.datasetId)}`.execute(db())).rows[0].name).toBe('second batch');
  });

  it('imports through the uploader’s job: checked, then imported on request', async () => {
    const matrix = frequencyMatrix(GERMPLASM.slice(0, 5), 12, 11, 'UP_M');
    const uuid = await uploadJob(server, curator, { name: 'uploaded.txt', bytes: frequencyText(matrix, { dataset: 'Uploaded frequencies' }) }, { type: 'allelefreq', datasetStateId: '2' });
    const checked = await waitForJob(server, curator, uuid);
    expect(checked).toMatchObject({ status: 'completed', imported: false, datatype: 'allelefreq' });
    expect(checked.feedback).toEqual([]);
    expect((await server.api('GET', `import/template/${uuid}/import`, { token: curator })).status).toBe(200);
    const imported = await waitForJob(server, curator, uuid, (j) => j.imported && !['waiting', 'running'].includes(j.status));
    expect(imported).toMatchObject({ status: 'completed', stats: { germplasm: 5, markers: 12, newMarkers: 12 } });
    const datasetId = Number(imported.stats?.datasetId);
    const row = (await sql<{ dataset_state_id: number; source_file: string }>`SELECT dataset_state_id, source_file FROM datasets WHERE id = ${datasetId}`.execute(db())).rows[0];
    expect(Number(row.dataset_state_id)).toBe(2);
    expect(fs.readFileSync(path.join(folder(), row.source_file), 'utf8')).toBe(storedText(matrix));
  });

  it('imports Germinate’s genotype workbook holding frequencies, with its datasheet', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(ROOT, 'demo/templates/genotypes.xlsx'));
    const metadata = workbook.getWorksheet('METADATA');
    const data = workbook.getWorksheet('DATA');
    if (!metadata || !data) throw new Error('the genotype template lacks its sheets');
    const values: Record<string, string> = { Title: 'Workbook frequencies', Description: 'Frequencies in a workbook', 'Map Name': 'Workbook map', 'Marker Technology': 'DArT' };
    metadata.eachRow((row) => {
      const label = row.getCell(1).text;
      if (values[label]) row.getCell(3).value = values[label];
    });
    const matrix = frequencyMatrix(GERMPLASM.slice(0, 4), 6, 3, 'WB_M');
    data.getRow(1).values = ['Linkage Group / Chromosome', ...matrix.markers.map(() => '7H')];
    data.getRow(2).values = ['Position', ...matrix.markers.map((_, i) => i * 10)];
    data.getRow(3).values = ['Lines/Markers', ...matrix.markers];
    // Numbers as numbers, as a spreadsheet holds them.
    matrix.rows.forEach(([name, cells], r) => (data.getRow(4 + r).values = [name, ...cells.map((c) => (c === '' ? null : Number(c)))]));
    const file = path.join(server.db.dataDir, 'frequencies.xlsx');
    await workbook.xlsx.writeFile(file);
    const result = await importFrequencies(server.db.database, server.db.dataDir, file);
    expect(errorsOf({ feedback: result.issues } as never)).toEqual([]);
    expect(result.stats).toMatchObject({ germplasm: 4, markers: 6, mapDefinitions: 6 });
    const datasetId = Number(result.stats?.datasetId);
    const row = (await sql<{ name: string; description: string; datasettype_id: number; source_file: string }>`SELECT name, description, datasettype_id, source_file FROM datasets WHERE id = ${datasetId}`.execute(db())).rows[0];
    expect(row).toMatchObject({ name: 'Workbook frequencies', description: 'Frequencies in a workbook' });
    expect(Number(row.datasettype_id)).toBe(4);
    const stored = fs.readFileSync(path.join(folder(), row.source_file), 'utf8').trimEnd().split('\n').map((l) => l.split('\t'));
    expect(stored[0]).toEqual(['Lines/Markers', ...matrix.markers]);
    matrix.rows.forEach(([name, cells], r) => {
      expect(stored[r + 1][0]).toBe(name);
      expect(stored[r + 1].slice(1).map((c) => (c === '' ? null : Number(c)))).toEqual(cells.map((c) => (c === '' ? null : Number(c))));
    });
    expect(await count(sql`SELECT COUNT(*) AS n FROM mapdefinitions d JOIN maps p ON p.id = d.map_id WHERE p.name = 'Workbook map' AND d.chromosome = '7H'`)).toBe(6);
    expect(await count(sql`SELECT COUNT(*) AS n FROM markers m JOIN markertypes t ON t.id = m.markertype_id WHERE t.description = 'DArT' AND m.marker_name LIKE 'WB_M%'`)).toBe(6);
  });

  it('reports each bad input where it is and writes nothing', async () => {
    const good = 'Lines/Markers\tBAD_M1\tBAD_M2\n';
    const cases: [name: string, text: string, expected: { status: string; rowIndex: number; column: string | null; value: string | null }[]][] = [
      ['unknown germplasm', `# dataset = Bad\n${good}AF-G1\t0.1\t0.2\nNOBODY-1\t0.3\t0.4\n`, [{ status: 'GENERIC_INVALID_GERMPLASM', rowIndex: 4, column: '1', value: 'NOBODY-1' }]],
      ['not a number', `${good}AF-G1\t0.1\tabc\n`, [{ status: 'GENERIC_INVALID_NUMBER', rowIndex: 2, column: 'BAD_M2', value: 'abc' }]],
      ['above 1', `${good}AF-G1\t1.5\t0.2\nAF-G2\t0.2\t-0.1\n`, [
        { status: 'GENERIC_INVALID_NUMBER', rowIndex: 2, column: 'BAD_M1', value: '1.5' },
        { status: 'GENERIC_INVALID_NUMBER', rowIndex: 3, column: 'BAD_M2', value: '-0.1' },
      ]],
      ['germplasm twice', `${good}AF-G1\t0.1\t0.2\naf-g1\t0.3\t0.4\n`, [{ status: 'GENOTYPE_DUPLICATE_GERMPLASM', rowIndex: 3, column: '1', value: 'af-g1' }]],
      ['a line too long', `${good}AF-G1\t0.1\t0.2\t0.3\n`, [{ status: 'GENOTYPE_HEADER_LENGTH_MISMATCH', rowIndex: 2, column: '4', value: '0.3' }]],
      ['no lines', good, [{ status: 'ALLELEFREQ_NO_DATA', rowIndex: -1, column: null, value: null }]],
    ];
    const datasets = await count(sql`SELECT COUNT(*) AS n FROM datasets`);
    const markers = await count(sql`SELECT COUNT(*) AS n FROM markers`);
    const before = files();
    for (const [name, text, expected] of cases) {
      const result = await importFrequencies(server.db.database, server.db.dataDir, write(`${name}.txt`, text));
      expect(result.status, name).toBe('rejected');
      expect(result.issues.map((i) => ({ status: i.status, rowIndex: i.rowIndex, column: i.column, value: i.value })), name).toEqual(expected);
    }
    const vcf = await importFrequencies(server.db.database, server.db.dataDir, write('calls.vcf', '##fileformat=VCFv4.2\n'));
    expect(vcf.issues.map((i) => i.status)).toEqual(['GENERIC_INVALID_FILE_TYPE']);
    expect(await count(sql`SELECT COUNT(*) AS n FROM datasets`)).toBe(datasets);
    expect(await count(sql`SELECT COUNT(*) AS n FROM markers`)).toBe(markers);
    expect(files()).toEqual(before);
  });

  it('keeps nothing when the write fails: no dataset, no marker, no file', async () => {
    const datasets = await count(sql`SELECT COUNT(*) AS n FROM datasets`);
    const before = files();
    const file = write('doomed.txt', frequencyText(frequencyMatrix(GERMPLASM, 5, 5, 'DOOM_M'), { dataset: 'Doomed' }));
    await expect(importFrequencies(server.db.database, server.db.dataDir, file, { beforeCommit: () => Promise.reject(new Error('disk full')) })).rejects.toThrow('disk full');
    expect(await count(sql`SELECT COUNT(*) AS n FROM datasets`)).toBe(datasets);
    expect(await count(sql`SELECT COUNT(*) AS n FROM markers WHERE marker_name LIKE 'DOOM_M%'`)).toBe(0);
    expect(files()).toEqual(before);
  });

  it('serves the stored file as download-source behind the licence gate, and removes it with the dataset', async () => {
    const matrix = frequencyMatrix(GERMPLASM.slice(0, 2), 3, 13, 'DL_M');
    const result = await importFrequencies(server.db.database, server.db.dataDir, write('download.txt', frequencyText(matrix, { dataset: 'Downloadable' })));
    const datasetId = Number(result.stats?.datasetId);
    const source = (await sql<{ source_file: string }>`SELECT source_file FROM datasets WHERE id = ${datasetId}`.execute(db())).rows[0].source_file;
    const response = await server.api('GET', `dataset/${datasetId}/download-source`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(storedText(matrix));
    const licence = Number((await sql<{ id: number }>`INSERT INTO licenses (name, description) VALUES ('Frequency licence', 'Accept first') RETURNING id`.execute(db())).rows[0].id);
    await sql`UPDATE datasets SET license_id = ${licence} WHERE id = ${datasetId}`.execute(db());
    expect((await server.api('GET', `dataset/${datasetId}/download-source`)).status).toBe(404);
    expect((await server.api('GET', `dataset/${datasetId}/download-source`, { token: curator })).status).toBe(404);
    expect((await server.api('GET', `license/${licence}/accept`, { token: curator })).status).toBe(200);
    expect((await server.api('GET', `dataset/${datasetId}/download-source`, { token: curator })).status).toBe(200);

    expect(fs.existsSync(path.join(folder(), source))).toBe(true);
    const deleted = await server.api('DELETE', `dataset/${datasetId}?summary=true`, { token: admin });
    expect(await deleted.json()).toMatchObject({ datasetId, removed: { members: 5 }, files: 1 });
    expect(fs.existsSync(path.join(folder(), source))).toBe(false);
    expect((await server.api('GET', `dataset/${datasetId}/download-source`, { token: admin })).status).toBe(404);
  });
});
