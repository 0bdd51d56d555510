import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreTables } from '../../src/server/db/tables.js';
import type { ImportIssue, ImportOptions } from '../../src/server/import/importer.js';
import { runImport } from '../../src/server/import/pipeline.js';
import { readImportFile } from '../../src/server/import/read-file.js';
import { mcpdImporter } from '../../src/plugins/germplasm/import/mcpd-importer.js';
import { pedigreeImporter } from '../../src/plugins/pedigree/import/pedigree-importer.js';
import type { PedigreeTables } from '../../src/plugins/pedigree/tables.js';
import { freshDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { MCPD_XLSX, scratchDir } from './helpers.js';
import { json, mcpdFile, type Row } from './mcpd-fixtures.js';

const EXAMPLE = path.resolve('demo/pedigree/example-pedigree-data.xlsx');
/** Every message key an issue carries must have an English text (German is checked by the locale tests). */
const EN = JSON.parse(fs.readFileSync(path.resolve('locales/en_GB.json'), 'utf8')) as Record<string, string>;
const NOW = new Date('2025-01-01T00:00:00Z');
const MAX_BYTES = 16 * 1024 * 1024;
type Grid = (string | null)[][];
type Db = Kysely<CoreTables & PedigreeTables>;
const TABLES = ['datasets', 'experiments', 'pedigrees', 'pedigreedefinitions', 'pedigreedescriptions', 'pedigreenotations', 'attributedata', 'datasetlocations'] as const;

/** Every sheet of a workbook as rows of cell text (row 1 first), read with exceljs, not with our reader. */
async function readGrid(file: string): Promise<Map<string, Grid>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheets = new Map<string, Grid>();
  workbook.eachSheet((sheet) => {
    const grid: Grid = [];
    for (let r = 1; r <= sheet.rowCount; r += 1) {
      const row: (string | null)[] = [];
      for (let c = 1; c <= sheet.columnCount; c += 1) row.push(sheet.getRow(r).getCell(c).text.trim() || null);
      grid.push(row);
    }
    sheets.set(sheet.name, grid);
  });
  return sheets;
}

const filled = (grid: Grid) => grid.slice(1).filter((row) => row.some((cell) => cell !== null));
const copy = (sheets: Map<string, Grid>) => new Map([...sheets].map(([name, grid]) => [name, grid.map((row) => [...row])]));

let scratch: ReturnType<typeof scratchDir>;
async function writeXlsx(sheets: Map<string, Grid>): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of sheets) workbook.addWorksheet(name).addRows(rows);
  const file = path.join(scratch.dir, `pedigree-${Math.random().toString(36).slice(2)}.xlsx`);
  await workbook.xlsx.writeFile(file);
  return file;
}

describe.each(testDialects())('pedigree template on %s', (dialect) => {
  let test: TestDatabase;
  let db: Db;
  let example: Map<string, Grid>;
  const options = (extra: Partial<ImportOptions> = {}): ImportOptions => ({ update: false, now: NOW, ...extra });
  const target = () => ({ db: test.database.db, dialect });
  const count = async (table: (typeof TABLES)[number]) =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => Promise.all(TABLES.map(count));
  async function run(sheets: Map<string, Grid>, update = false) {
    const before = await counts();
    const result = await runImport(test.database, [pedigreeImporter], { file: await writeXlsx(sheets), type: 'pedigree', update, checkOnly: false }, { maxBytes: MAX_BYTES, now: NOW });
    if (result.status === 'rejected') expect(await counts()).toEqual(before);
    return result;
  }
  const errors = (issues: ImportIssue[]) =>
    issues.filter((i) => i.type === 'ERROR').map((i) => ({ status: i.status, rowIndex: i.rowIndex, sheet: i.sheet, column: i.column, value: i.value }));

  beforeAll(async () => {
    scratch = scratchDir();
    test = await freshDatabase(dialect);
    db = test.database.db.withTables<PedigreeTables>();
    example = await readGrid(EXAMPLE);
    // The demo germplasm, then CACTUAR-1…30 that the example names but the demo MCPD file lacks, and two
    // germplasm sharing a display name.
    const rows: Row[] = [
      ...Array.from({ length: 30 }, (_, i) => ({ ACCENUMB: `CACTUAR-${i + 1}` })),
      { ACCENUMB: 'TWIN-1', ACCENAME: 'Twin' },
      { ACCENUMB: 'TWIN-2', ACCENAME: 'Twin' },
    ];
    for (const file of [await readImportFile(MCPD_XLSX, { maxBytes: 64 * 1024 * 1024 }), mcpdFile(rows)]) {
      expect((await mcpdImporter.check(file, target(), options())).filter((i) => i.type === 'ERROR')).toEqual([]);
      await test.database.db.transaction().execute((trx) => mcpdImporter.write(file, { db: trx, dialect }, options()));
    }
  });
  afterAll(async () => {
    await test?.cleanup();
    scratch?.remove();
  });

  it('imports the example: one pedigree dataset, an edge per distinct parent, a definition per string', async () => {
    const data = filled(example.get('DATA') ?? []);
    const strings = filled(example.get('DATA-STRING') ?? []);
    const edges = data.flatMap((row) => [[row[0], row[1]], ...(row[2] !== null && row[2].toLowerCase() !== row[1]?.toLowerCase() ? [[row[0], row[2]]] : [])]);
    const title = example.get('METADATA')?.find((row) => row[0] === 'Title')?.[2];
    expect(edges.length).toBe(9);

    const file = await readImportFile(EXAMPLE, { maxBytes: MAX_BYTES });
    expect(await pedigreeImporter.check(file, target(), options())).toEqual([]);
    const stats = await test.database.db.transaction().execute((trx) =>
      pedigreeImporter.write(file, { db: trx, dialect }, options({ userId: 5, datasetStateId: 2 })),
    );
    expect(stats).toMatchObject({ datasets: 1, pedigrees: edges.length, pedigreeDefinitions: strings.length });

    const dataset = await db.selectFrom('datasets').innerJoin('experiments', 'experiments.id', 'datasets.experiment_id')
      .select(['datasets.id', 'name', 'datasettype_id', 'dataset_state_id', 'created_by', 'experiment_name', 'dublin_core']).executeTakeFirstOrThrow();
    expect(dataset).toMatchObject({ id: stats.datasetId, name: title, datasettype_id: 7, dataset_state_id: 2, created_by: 5, experiment_name: 'Generic Experiment' });
    expect((json(dataset.dublin_core) as { title: string[] }).title).toEqual([title]);

    const stored = (await sql<{ child: string; parent: string; type: string; crossing: string | null; description: string; author: string | null }>`
      SELECT c.name AS child, p.name AS parent, e.relationship_type AS type, e.relationship_description AS crossing, d.name AS description, d.author
      FROM pedigrees e JOIN germinatebase c ON c.id = e.germinatebase_id JOIN germinatebase p ON p.id = e.parent_id
      JOIN pedigreedescriptions d ON d.id = e.pedigreedescription_id ORDER BY e.id`.execute(db)).rows;
    expect(stored.map((e) => [e.child, e.parent])).toEqual(edges);
    expect(new Set(stored.map((e) => e.type))).toEqual(new Set(['OTHER']));
    expect(stored.map((e) => e.crossing)).toEqual(data.flatMap((row) => (row[2] !== null && row[2] !== row[1] ? [row[3], row[3]] : [row[3]])));
    expect(await count('pedigreedescriptions')).toBe(new Set(data.map((row) => `${row[4]}|${row[5]}`)).size);
    expect(stored[0]).toMatchObject({ description: data[0][4], author: data[0][5] });

    const definitions = (await sql<{ germplasm: string; definition: string; notation: string }>`
      SELECT g.name AS germplasm, d.definition, n.name AS notation FROM pedigreedefinitions d
      JOIN germinatebase g ON g.id = d.germinatebase_id JOIN pedigreenotations n ON n.id = d.pedigreenotation_id ORDER BY d.id`.execute(db)).rows;
    expect(definitions.map((d) => [d.germplasm, d.definition, d.notation])).toEqual(strings.map((row) => row.slice(0, 3)));
    expect(await count('pedigreenotations')).toBe(new Set(strings.map((row) => row[2]?.toLowerCase())).size);
  });

  it('update mode imports again into a new dataset, reusing notations and descriptions', async () => {
    const before = { datasets: await count('datasets'), notations: await count('pedigreenotations'), descriptions: await count('pedigreedescriptions'), edges: await count('pedigrees') };
    const result = await run(example, true);
    expect(result.status).toBe('imported');
    expect(await count('datasets')).toBe(before.datasets + 1);
    expect(await count('experiments')).toBe(1);
    expect(await count('pedigreenotations')).toBe(before.notations);
    expect(await count('pedigreedescriptions')).toBe(before.descriptions);
    expect(await count('pedigrees')).toBe(before.edges * 2);
  });

  it('stores parent types F and M, dataset attributes and locations', async () => {
    const sheets = copy(example);
    const data = sheets.get('DATA') as Grid;
    data[0].push('Parent 1 type', 'Parent 2 type');
    data[1].push('f', 'M');
    sheets.set('ATTRIBUTES', [['Attribute', 'Type', 'Value'], ['Irrigation', 'text', 'none'], ['Plots', 'numeric', '12']]);
    sheets.set('LOCATION', [['Name', 'Short name', 'Country', 'Elevation', 'Latitude', 'Longitude'], ['Greenhouse 3', 'GH3', 'GB', '10', '56.45', '-3.07']]);
    const meta = sheets.get('METADATA') as Grid;
    (meta.find((row) => row[0] === 'Investigation unique ID') as (string | null)[])[2] = 'JHI:PED-1';
    const result = await run(sheets);
    expect(result.status).toBe('imported');
    const datasetId = result.stats?.datasetId as number;
    const types = await db.selectFrom('pedigrees').select('relationship_type').where('dataset_id', '=', datasetId).orderBy('id').execute();
    expect(types.map((t) => t.relationship_type)).toEqual(['F', 'M', ...Array(7).fill('OTHER')]);
    const attributes = (await sql<{ name: string; value: string }>`SELECT a.name, d.value FROM attributedata d JOIN attributes a ON a.id = d.attribute_id
      WHERE a.target_table = 'datasets' AND d.foreign_id = ${datasetId} ORDER BY d.id`.execute(db)).rows;
    expect(attributes).toEqual([{ name: 'Investigation unique ID', value: 'JHI:PED-1' }, { name: 'Irrigation', value: 'none' }, { name: 'Plots', value: '12' }]);
    const locations = (await sql<{ site_name: string; latitude: number }>`SELECT l.site_name, l.latitude FROM datasetlocations dl JOIN locations l ON l.id = dl.location_id
      WHERE dl.dataset_id = ${datasetId}`.execute(db)).rows;
    expect(locations).toEqual([{ site_name: 'Greenhouse 3', latitude: 56.45 }]);
  });

  it('adds to the existing pedigree dataset named by "BrAPI Study DB ID" instead of creating one', async () => {
    const existing = (await db.selectFrom('datasets').select('id').where('datasettype_id', '=', 7).orderBy('id').executeTakeFirstOrThrow()).id;
    const sheets = copy(example);
    sheets.set('ATTRIBUTES', [['Attribute', 'Type', 'Value'], ['BrAPI Study DB ID', 'numeric', String(existing)]]);
    const [datasets, edges] = [await count('datasets'), await count('pedigrees')];
    const result = await run(sheets);
    expect(result.status).toBe('imported');
    expect(result.stats).toMatchObject({ datasetId: existing, datasets: 0 });
    expect(await count('datasets')).toBe(datasets);
    const added = await db.selectFrom('pedigrees').select((eb) => eb.fn.countAll().as('n')).where('dataset_id', '=', existing).executeTakeFirstOrThrow();
    expect(Number(added.n)).toBe(18);
    expect(await count('pedigrees')).toBe(edges + 9);
  });

  it('stops when the job is cancelled: the check throws, and a cancelled write rolls back its dataset', async () => {
    const file = await readImportFile(EXAMPLE, { maxBytes: MAX_BYTES });
    const controller = new AbortController();
    controller.abort();
    await expect(pedigreeImporter.check(file, target(), options({ signal: controller.signal }))).rejects.toThrow();
    const before = await counts();
    await expect(
      test.database.db.transaction().execute((trx) => pedigreeImporter.write(file, { db: trx, dialect }, options({ signal: controller.signal }))),
    ).rejects.toThrow();
    expect(await counts()).toEqual(before);
  });

  type Expected = { status: string; rowIndex: number; sheet: string | null; column: string | null; value: string | null };
  const set = (sheets: Map<string, Grid>, sheet: string, row: number, column: number, value: string | null) => {
    (sheets.get(sheet) as Grid)[row - 1][column] = value;
    return sheets;
  };
  const broken: [string, (s: Map<string, Grid>) => Map<string, Grid>, Expected[]][] = [
    ['a missing DATA sheet', (s) => (s.delete('DATA'), s), [{ status: 'GENERIC_MISSING_EXCEL_SHEET', rowIndex: -1, sheet: 'DATA', column: null, value: 'DATA' }]],
    ['a missing DATA-STRING sheet', (s) => (s.delete('DATA-STRING'), s), [{ status: 'GENERIC_MISSING_EXCEL_SHEET', rowIndex: -1, sheet: 'DATA-STRING', column: null, value: 'DATA-STRING' }]],
    ['a missing METADATA sheet', (s) => (s.delete('METADATA'), s), [{ status: 'GENERIC_MISSING_EXCEL_SHEET', rowIndex: -1, sheet: 'METADATA', column: null, value: 'METADATA' }]],
    ['a renamed DATA header', (s) => set(s, 'DATA', 1, 4, 'Description'), [{ status: 'GENERIC_MISSING_COLUMN', rowIndex: 1, sheet: 'DATA', column: 'Pedigree Description', value: 'Description' }]],
    ['a renamed DATA-STRING header', (s) => set(s, 'DATA-STRING', 1, 2, 'Notation'), [{ status: 'GENERIC_MISSING_COLUMN', rowIndex: 1, sheet: 'DATA-STRING', column: 'Pedigree Notation', value: 'Notation' }]],
    ['unknown germplasm', (s) => set(set(s, 'DATA', 3, 0, 'NOPE-1'), 'DATA-STRING', 5, 0, 'NOPE-2'), [
      { status: 'GENERIC_INVALID_GERMPLASM', rowIndex: 3, sheet: 'DATA', column: 'ACCENUMB', value: 'NOPE-1' },
      { status: 'GENERIC_INVALID_GERMPLASM', rowIndex: 5, sheet: 'DATA-STRING', column: 'ACCENUMB', value: 'NOPE-2' },
    ]],
    ['unknown parents', (s) => set(set(s, 'DATA', 2, 1, 'NOPE-3'), 'DATA', 4, 2, 'NOPE-4'), [
      { status: 'GENERIC_INVALID_GERMPLASM', rowIndex: 2, sheet: 'DATA', column: 'Parent 1 ACCENUMB', value: 'NOPE-3' },
      { status: 'GENERIC_INVALID_GERMPLASM', rowIndex: 4, sheet: 'DATA', column: 'Parent 2 ACCENUMB', value: 'NOPE-4' },
    ]],
    ['a display name shared by two germplasm', (s) => set(s, 'DATA', 2, 2, 'twin'), [
      { status: 'GENERIC_DISPLAY_NAME_USED_BUT_NOT_UNIQUE', rowIndex: 2, sheet: 'DATA', column: 'Parent 2 ACCENUMB', value: 'twin' },
    ]],
    ['missing required DATA values', (s) => set(set(s, 'DATA', 2, 4, null), 'DATA', 6, 1, null), [
      { status: 'GENERIC_MISSING_REQUIRED_VALUE', rowIndex: 2, sheet: 'DATA', column: 'Pedigree Description', value: null },
      { status: 'GENERIC_MISSING_REQUIRED_VALUE', rowIndex: 6, sheet: 'DATA', column: 'Parent 1 ACCENUMB', value: null },
    ]],
    ['missing pedigree strings and notations', (s) => set(set(s, 'DATA-STRING', 3, 1, null), 'DATA-STRING', 9, 2, null), [
      { status: 'GENERIC_MISSING_REQUIRED_VALUE', rowIndex: 3, sheet: 'DATA-STRING', column: 'Pedigree string', value: null },
      { status: 'GENERIC_MISSING_REQUIRED_VALUE', rowIndex: 9, sheet: 'DATA-STRING', column: 'Pedigree Notation', value: null },
    ]],
    ['an invalid parent type', (s) => {
      const data = s.get('DATA') as Grid;
      data[0].push('Parent 1 type');
      data[2].push('female');
      return s;
    }, [{ status: 'PEDIGREE_INVALID_RELATIONSHIP_TYPE', rowIndex: 3, sheet: 'DATA', column: 'Parent 1 type', value: 'female' }]],
    ['a missing METADATA label and an empty Title', (s) => {
      const meta = s.get('METADATA') as Grid;
      s.set('METADATA', meta.filter((row) => row[0] !== 'Rights'));
      (meta.find((row) => row[0] === 'Title') as (string | null)[])[2] = null;
      return s;
    }, [
      { status: 'GENERIC_MISSING_REQUIRED_VALUE', rowIndex: -1, sheet: 'METADATA', column: 'LABEL', value: 'Rights' },
      { status: 'GENERIC_MISSING_REQUIRED_VALUE', rowIndex: 2, sheet: 'METADATA', column: 'VALUE', value: null },
    ]],
    ['a wrong METADATA header', (s) => set(s, 'METADATA', 1, 2, 'Value'), [{ status: 'GENERIC_MISSING_COLUMN', rowIndex: 1, sheet: 'METADATA', column: 'VALUE', value: 'Value' }]],
    ['an invalid attribute type and number', (s) => s.set('ATTRIBUTES', [['Attribute', 'Type', 'Value'], ['Soil', 'string', 'clay'], ['Plots', 'numeric', 'many']]), [
      { status: 'GENERIC_INVALID_DATATYPE', rowIndex: 2, sheet: 'ATTRIBUTES', column: 'Type', value: 'string' },
      { status: 'GENERIC_INVALID_NUMBER', rowIndex: 3, sheet: 'ATTRIBUTES', column: 'Value', value: 'many' },
    ]],
    ['an unknown study dataset', (s) => s.set('ATTRIBUTES', [['Attribute', 'Type', 'Value'], ['BrAPI Study DB ID', 'numeric', '999']]), [
      { status: 'GENERIC_INVALID_REFERENCE', rowIndex: 2, sheet: 'ATTRIBUTES', column: 'Value', value: '999' },
    ]],
    ['bad LOCATION rows', (s) => s.set('LOCATION', [
      ['Name', 'Short name', 'Country', 'Elevation', 'Latitude', 'Longitude'],
      ['Field 1', 'F1', 'gb', '10', 'north', null],
      [null, 'A-very-long-short-name-indeed', null, null, null, null],
    ]), [
      { status: 'GENERIC_INVALID_COUNTRY_CODE', rowIndex: 2, sheet: 'LOCATION', column: 'Country', value: 'gb' },
      { status: 'GENERIC_INVALID_NUMBER', rowIndex: 2, sheet: 'LOCATION', column: 'Latitude', value: 'north' },
      { status: 'GENERIC_MISSING_REQUIRED_VALUE', rowIndex: 3, sheet: 'LOCATION', column: 'Name', value: null },
      { status: 'GENERIC_VALUE_TOO_LONG', rowIndex: 3, sheet: 'LOCATION', column: 'Short name', value: 'A-very-long-short-name-indeed' },
    ]],
    ['bad COLLABORATORS rows', (s) => set(set(s, 'COLLABORATORS', 3, 1, null), 'COLLABORATORS', 4, 8, 'XX'), [
      { status: 'GENERIC_MISSING_REQUIRED_VALUE', rowIndex: 3, sheet: 'COLLABORATORS', column: 'First Name', value: null },
      { status: 'GENERIC_INVALID_COUNTRY_CODE', rowIndex: 4, sheet: 'COLLABORATORS', column: 'Country', value: 'XX' },
    ]],
  ];

  it.each(broken)('reports %s at every occurrence and writes nothing', async (_, breakIt, expected) => {
    const result = await run(breakIt(copy(example)));
    expect(result.status).toBe('rejected');
    expect(errors(result.issues)).toEqual(expected);
    for (const item of result.issues) expect(EN[item.messageKey], item.messageKey).toBeTypeOf('string');
  });
});
