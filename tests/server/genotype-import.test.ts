import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPlugins } from '../../src/plugins/server.js';
import { genotypeFolder } from '../../src/plugins/genotypes/import/genotype-stage.js';
import { MatrixReader } from '../../src/plugins/genotypes/storage/matrix-reader.js';
import { runImport, type ImportRunResult } from '../../src/server/import/pipeline.js';
import { freshDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { dataGrid, GENOTYPE_FILES, readVcf, seedPassports, workbookGermplasm } from '../support/genotype-files.js';

const BY_MARKER = GENOTYPE_FILES.workbook;
const TRANSPOSED = GENOTYPE_FILES.transposed;
const VCF = GENOTYPE_FILES.vcf;
const importers = serverPlugins.flatMap((p) => p.importers ?? []);

/** The VCF's samples and, per data line, ID and the call texts from GT (a plain reading for comparison). */
function vcfCalls(file: string): { samples: string[]; markers: { id: string; calls: string[] }[] } {
  const { samples, records } = readVcf(fs.readFileSync(file, 'utf8'));
  return { samples, markers: records.map(({ id, calls }) => ({ id, calls })) };
}

describe.each(testDialects())('genotype import on %s', (dialect) => {
  let test: TestDatabase;
  const db = () => test.database.db;
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(db())).rows[0].n);
  const run = (file: string, extra: { originalName?: string; dataOrientation?: string; beforeCommit?: () => Promise<void> } = {}): Promise<ImportRunResult> =>
    runImport(test.database, importers, { file, originalName: extra.originalName, type: 'genotype', update: false, checkOnly: false }, {
      maxBytes: 256 * 1024 * 1024, now: new Date('2026-01-01T00:00:00Z'), dataDir: test.dataDir, userId: 7, dataOrientation: extra.dataOrientation ?? null,
      beforeCommit: extra.beforeCommit ? async () => extra.beforeCommit?.() : undefined,
    });
  const matrixOf = async (datasetId: number) => {
    const row = (await sql<{ source_file: string }>`SELECT source_file FROM datasets WHERE id = ${datasetId}`.execute(db())).rows[0];
    return MatrixReader.open(path.join(genotypeFolder(test.dataDir), row.source_file));
  };
  const files = () => (fs.existsSync(genotypeFolder(test.dataDir)) ? fs.readdirSync(genotypeFolder(test.dataDir)).sort() : []);

  beforeAll(async () => {
    test = await freshDatabase(dialect);
    // The templates' germplasm (CACTUAR-1…) and the maize panel's lines, as passports.
    await seedPassports(test.database, dialect, [...workbookGermplasm(await dataGrid(BY_MARKER)), ...vcfCalls(VCF).samples]);
  });
  afterAll(() => test?.cleanup());

  it("imports Germinate's genotype workbook: dataset from METADATA, markers, map, members, and every call as the sheet has it", async () => {
    const result = await run(BY_MARKER);
    expect(result.issues.filter((i) => i.type === 'ERROR')).toEqual([]);
    expect(result.status).toBe('imported');
    const grid = await dataGrid(BY_MARKER);
    const markers = grid[2].slice(1).filter((m) => m !== '');
    const germplasm = grid.slice(3).map((r) => r[0]);
    const datasetId = Number(result.stats?.datasetId);
    const dataset = (await sql<{ name: string; datasettype_id: number }>`SELECT name, datasettype_id FROM datasets WHERE id = ${datasetId}`.execute(db())).rows[0];
    expect(dataset).toEqual({ name: 'Test genotypic dataset', datasettype_id: 1 });
    expect(await count(sql`SELECT COUNT(*) AS n FROM datasetmembers WHERE dataset_id = ${datasetId} AND datasetmembertype_id = 1`)).toBe(markers.length);
    expect(await count(sql`SELECT COUNT(*) AS n FROM datasetmembers WHERE dataset_id = ${datasetId} AND datasetmembertype_id = 2`)).toBe(new Set(germplasm).size);
    const map = (await sql<{ id: number; name: string }>`SELECT id, name FROM maps ORDER BY id`.execute(db())).rows;
    expect(map.map((m) => m.name)).toEqual(['Example map']);
    expect(await count(sql`SELECT COUNT(*) AS n FROM mapdefinitions WHERE map_id = ${map[0].id}`)).toBe(markers.length);
    const second = (await sql<{ chromosome: string; definition_start: number }>`SELECT d.chromosome, d.definition_start FROM mapdefinitions d JOIN markers m ON m.id = d.marker_id WHERE m.marker_name = ${markers[1]}`.execute(db())).rows[0];
    expect({ chromosome: second.chromosome, position: Number(second.definition_start) }).toEqual({ chromosome: grid[0][2], position: Number(grid[1][2]) });
    const reader = await matrixOf(datasetId);
    try {
      expect(reader.footer.rowNames).toEqual(germplasm);
      expect(reader.footer.columnNames).toEqual(markers);
      const all = (n: number) => Array.from({ length: n }, (_, i) => i);
      const read: string[][] = [];
      for await (const line of reader.rowLines(all(reader.rows), all(reader.columns))) read.push(Array.from(line.codes, (c) => reader.states[c]));
      expect(read).toEqual(grid.slice(3).map((r) => r.slice(1, markers.length + 1)));
    } finally {
      await reader.close();
    }
  });

  it('reads the transposed workbook to the same calls (markers as rows)', async () => {
    const result = await run(TRANSPOSED, { dataOrientation: 'GENOTYPE_MARKER_BY_GERMPLASM' });
    expect(result.issues.filter((i) => i.type === 'ERROR')).toEqual([]);
    const grid = await dataGrid(TRANSPOSED);
    const reader = await matrixOf(Number(result.stats?.datasetId));
    try {
      // Row 1: chromosome, position and Lines/Markers labels, then the germplasm; each row after it a marker.
      const [header, first] = grid;
      expect(header.slice(0, 3)).toEqual(['Linkage Group / Chromosome', 'Position', 'Lines/Markers']);
      const marker = reader.footer.columnNames.indexOf(first[2]);
      expect(marker).toBeGreaterThanOrEqual(0);
      for await (const line of reader.columnLines([marker], Array.from({ length: reader.rows }, (_, i) => i))) {
        const byGermplasm = new Map(reader.footer.rowNames.map((name, i) => [name, reader.states[line.codes[i]]]));
        const columns = header.slice(3).map((name, i) => [name, first[i + 3]] as const).filter(([name]) => byGermplasm.has(name));
        expect(columns.length).toBe(reader.rows);
        for (const [name, call] of columns) expect(byGermplasm.get(name), name).toBe(call);
      }
    } finally {
      await reader.close();
    }
  });

  it('imports a VCF marker by marker: every call as GT says, markers as SNP, positions as a map', async () => {
    const expected = vcfCalls(VCF);
    const result = await run(VCF, { originalName: 'maize chr9.vcf' });
    expect(result.issues.filter((i) => i.type === 'ERROR')).toEqual([]);
    const datasetId = Number(result.stats?.datasetId);
    expect((await sql<{ name: string }>`SELECT name FROM datasets WHERE id = ${datasetId}`.execute(db())).rows[0].name).toBe('maize chr9');
    const types = (await sql<{ description: string }>`SELECT DISTINCT t.description FROM markers m JOIN markertypes t ON t.id = m.markertype_id JOIN datasetmembers dm ON dm.foreign_id = m.id AND dm.datasetmembertype_id = 1 WHERE dm.dataset_id = ${datasetId}`.execute(db())).rows;
    expect(types.map((t) => t.description)).toEqual(['SNP']);
    const reader = await matrixOf(datasetId);
    try {
      expect(reader.footer.rowNames).toEqual(expected.samples);
      expect(reader.footer.columnNames).toEqual(expected.markers.map((m) => m.id));
      const rows = Array.from({ length: reader.rows }, (_, i) => i);
      let index = 0;
      for await (const line of reader.columnLines(Array.from({ length: reader.columns }, (_, i) => i), rows)) {
        expect(Array.from(line.codes, (c) => reader.states[c]), expected.markers[index].id).toEqual(expected.markers[index].calls);
        index += 1;
      }
      expect(index).toBe(expected.markers.length);
    } finally {
      await reader.close();
    }
  });

  it('rejects unknown germplasm with their names and lines, writing nothing', async () => {
    const before = files();
    const datasets = await count(sql`SELECT COUNT(*) AS n FROM datasets`);
    const file = path.join(test.dataDir, 'unknown.txt');
    fs.writeFileSync(file, '# dataset = Unknown lines\nLines/Markers\tm1\tm2\nCACTUAR-1\tA\tG\nNOBODY-1\tA\tT\n');
    const result = await run(file);
    expect(result.status).toBe('rejected');
    expect(result.issues.filter((i) => i.type === 'ERROR').map((i) => [i.status, i.rowIndex, i.value])).toEqual([['GENERIC_INVALID_GERMPLASM', 4, 'NOBODY-1']]);
    expect(await count(sql`SELECT COUNT(*) AS n FROM datasets`)).toBe(datasets);
    expect(files()).toEqual(before);
  });

  it('removes the matrix file when the write transaction fails', async () => {
    const before = files();
    const datasets = await count(sql`SELECT COUNT(*) AS n FROM datasets`);
    const file = path.join(test.dataDir, 'good.txt');
    fs.writeFileSync(file, '# dataset = Rolled back\nLines/Markers\tm1\tm2\nCACTUAR-1\tA\tG\nCACTUAR-2\tA/G\t\n');
    await expect(run(file, { beforeCommit: async () => { throw new Error('commit refused'); } })).rejects.toThrow('commit refused');
    expect(await count(sql`SELECT COUNT(*) AS n FROM datasets`)).toBe(datasets);
    expect(files()).toEqual(before);
  });
  it('imports a Flapjack map on its own: its markers found or created once, one definition per line', async () => {
    const file = '/work/shared/data/flapjack-sample/sample.map';
    const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '' && !l.startsWith('#'));
    const first = lines[0].split('\t');
    const result = await run(file);
    expect(result.issues.filter((i) => i.type === 'ERROR')).toEqual([]);
    expect(result.stats).toMatchObject({ mapDefinitions: lines.length, markers: new Set(lines.map((l) => l.split('\t')[0].toLowerCase())).size });
    const mapId = Number(result.stats?.mapId);
    expect((await sql<{ name: string; user_id: number }>`SELECT name, user_id FROM maps WHERE id = ${mapId}`.execute(db())).rows[0]).toEqual({ name: 'sample', user_id: 7 });
    const stored = (await sql<{ chromosome: string; definition_start: number }>`SELECT d.chromosome, d.definition_start FROM mapdefinitions d JOIN markers m ON m.id = d.marker_id
      WHERE d.map_id = ${mapId} AND m.marker_name = ${first[0]}`.execute(db())).rows;
    expect(stored.map((r) => [r.chromosome, Number(r.definition_start)])).toEqual([[first[1], Number(first[2])]]);
    // Again: a second map over the same markers, none created twice.
    const again = await run(file);
    expect(again.stats).toMatchObject({ newMarkers: 0, mapDefinitions: lines.length });
    expect(await count(sql`SELECT COUNT(*) AS n FROM markers WHERE lower(marker_name) = ${first[0].toLowerCase()}`)).toBe(1);
  });
});
