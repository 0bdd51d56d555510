import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { climateImporter } from '../../src/plugins/climate/import/climate-importer.js';
import type { ClimateTables } from '../../src/plugins/climate/tables.js';
import type { ImportIssue, ImportOptions, ImportStats } from '../../src/server/import/importer.js';
import { readImportFile } from '../../src/server/import/read-file.js';
import { freshDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { scratchDir } from './helpers.js';

const EXAMPLE = 'demo/climate/example-environmental-data.xlsx';
const NOW = new Date('2025-03-01T12:00:00Z');
const MAX_BYTES = 64 * 1024 * 1024;
type Cells = (string | number | null)[][];
type Book = Record<string, Cells>;

const LABELS = [
  'Title', 'Description', 'Rights', 'Date of creation', 'Publisher', 'Format', 'Language', 'Source', 'Type', 'Subject',
  'Contact', 'Investigation Title', 'Investigation Description', 'Investigation unique ID', 'Associated data file link',
  'Associated data file description', 'Associated data file version',
];
const VALUES: Record<string, string> = { Title: 'Weather 2024', Description: 'Station data', Contact: 'a@b.org', 'Investigation Title': 'Inv' };

/** A valid file: two sites, two variables (numeric, date), three DATA rows with 5 values. */
function validBook(): Book {
  return {
    METADATA: [['LABEL', 'DEFINITION', 'VALUE'], ...LABELS.map((l) => [l, `About ${l}`, VALUES[l] ?? null])],
    ATTRIBUTES: [['Attribute', 'Type', 'Value'], ['Sensor', 'text', 'S301']],
    LOCATION: [['Name', 'Short name', 'Country', 'Elevation', 'Latitude', 'Longitude'], ['Site A', 'S_A', 'GB', '21', '56.48', '-3.11'], ['Site B', null, 'DE', null, null, null]],
    COLLABORATORS: [
      ['Last Name', 'First Name', 'Contributor role', 'Contributor ID', 'Email', 'Phone', 'Contributor', 'Address', 'Country'],
      ['explanation', 'explanation', null, null, null, null, null, null, null],
      ['Doe', 'Jane', 'author', null, 'j@d.org', null, 'JHI', 'Dundee', 'GB'],
    ],
    'ENVIRONMENTAL VARIABLES': [
      ['Name', 'Short Name', 'Description', 'Data Type', 'Unit Name', 'Unit Abbreviation', 'Unit Descriptions'],
      ['Rainfall', 'RF', 'Daily rain', 'numeric', 'Millimeter', 'mm', 'Millimeter'],
      ['Frost start', 'FS', null, 'date', null, null, null],
    ],
    DATA: [
      ['Location/Climate', 'Date', 'Rainfall', 'Frost start'],
      ['Site A', '2024-01-01', '3.5', '2024-11-02'],
      ['Site B', '2024-01-02', '0', null],
      ['Site A', '20240103', '12', '2024-11-03'],
    ],
  };
}

async function writeBook(dir: ReturnType<typeof scratchDir>, name: string, book: Book): Promise<string> {
  const wb = new ExcelJS.Workbook();
  for (const [sheet, rows] of Object.entries(book)) wb.addWorksheet(sheet).addRows(rows);
  const file = `${dir.dir}/${name}`;
  await wb.xlsx.writeFile(file);
  return file;
}

const TABLES = [
  'datasets', 'experiments', 'climates', 'climatedata', 'units', 'locations', 'datasetlocations', 'attributes', 'attributedata',
  'fileresources', 'datasetfileresources',
] as const;

describe.each(testDialects())('climate import on %s', (dialect) => {
  let t: TestDatabase;
  const scratch = scratchDir();
  const db = () => t.database.db.withTables<ClimateTables>();
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of TABLES) out[table] = Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return out;
  };
  /** What the pipeline does: read, check, and write in one transaction only without an ERROR. */
  const run = async (file: string, options: Partial<ImportOptions> = {}): Promise<{ issues: ImportIssue[]; stats: ImportStats | null }> => {
    const parsed = await readImportFile(file, { maxBytes: MAX_BYTES, extensions: climateImporter.extensions, originalName: path.basename(file) });
    const target = { db: t.database.db, dialect };
    const all: ImportOptions = { update: false, now: NOW, dataDir: t.dataDir, ...options };
    const issues = await climateImporter.check(parsed, target, all);
    if (issues.some((i) => i.type === 'ERROR')) return { issues, stats: null };
    const stats = await t.database.db.transaction().execute((trx) => climateImporter.write(parsed, { db: trx, dialect }, all));
    return { issues, stats };
  };
  const brief = (issues: ImportIssue[]) => issues.map((i) => [i.status, i.type, i.rowIndex, i.sheet, i.column, i.value]);

  beforeAll(async () => {
    t = await freshDatabase(dialect);
  });
  afterAll(async () => {
    await t?.cleanup();
    scratch.remove();
  });

  it('imports the example template: every value, its climates, locations and a climate dataset', async () => {
    // Expected counts straight from the workbook (exceljs, not our reader).
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(EXAMPLE);
    const data = wb.getWorksheet('DATA')!;
    let values = 0;
    let rows = 0;
    data.eachRow((row, n) => {
      if (n === 1) return;
      rows += 1;
      row.eachCell((cell, col) => {
        if (col > 2 && cell.text.trim() !== '') values += 1;
      });
    });
    const variables = wb.getWorksheet('ENVIRONMENTAL VARIABLES')!.rowCount - 1;
    const sites = wb.getWorksheet('LOCATION')!.rowCount - 1;
    expect(rows).toBe(500);

    const before = await counts();
    const progress: number[] = [];
    const { issues, stats } = await run(EXAMPLE, { userId: 7, datasetStateId: 2, progress: (f) => progress.push(f) });
    expect(issues).toEqual([]);
    expect(stats).toMatchObject({ climates: variables, locations: sites, climateData: values, newClimates: variables, newLocations: sites });
    const after = await counts();
    expect(after.climatedata - before.climatedata).toBe(values);
    expect(after.climates - before.climates).toBe(variables);
    expect(after.datasets - before.datasets).toBe(1);
    expect(after.datasetlocations - before.datasetlocations).toBe(sites);
    expect(progress.at(-1)).toBe(1);

    const dataset = await db().selectFrom('datasets').selectAll().where('id', '=', stats!.datasetId!).executeTakeFirstOrThrow();
    expect(dataset).toMatchObject({ datasettype_id: 5, name: 'Example environmental data template', dataset_state_id: 2, created_by: 7 });
    const experiment = await db().selectFrom('experiments').selectAll().where('id', '=', dataset.experiment_id).executeTakeFirstOrThrow();
    expect(experiment.experiment_name).toBe('Generic Experiment');
    const cc = await db().selectFrom('climates').leftJoin('units', 'units.id', 'climates.unit_id').selectAll('climates').select(['unit_name', 'unit_abbreviation']).where('name', '=', 'Cloud Cover').executeTakeFirstOrThrow();
    expect(cc).toMatchObject({ short_name: 'CC', datatype: 'numeric', unit_name: 'Percentage', unit_abbreviation: '%' });
    const first = await db()
      .selectFrom('climatedata').innerJoin('locations', 'locations.id', 'climatedata.location_id')
      .select(['climate_value', 'recording_date', 'site_name']).where('climate_id', '=', cc.id).orderBy('climatedata.id').executeTakeFirstOrThrow();
    expect(first).toEqual({ climate_value: '71.25779817', recording_date: '2018-01-07', site_name: 'Site A' });
    const attribute = await db().selectFrom('attributedata').innerJoin('attributes', 'attributes.id', 'attributedata.attribute_id')
      .select(['name', 'value', 'target_table']).where('foreign_id', '=', dataset.id).where('name', '=', 'Temperature sensor').executeTakeFirstOrThrow();
    expect(attribute).toEqual({ name: 'Temperature sensor', value: 'TempComp S301', target_table: 'datasets' });
    // The workbook is kept as the dataset's file resource (the upload backup).
    const resource = await db().selectFrom('fileresources').innerJoin('datasetfileresources', 'datasetfileresources.fileresource_id', 'fileresources.id')
      .selectAll('fileresources').where('dataset_id', '=', dataset.id).executeTakeFirstOrThrow();
    expect(stats!.fileResourceId).toBe(resource.id);
    expect(resource).toMatchObject({ name: 'example-environmental-data.xlsx', path: `${resource.id}-example-environmental-data.xlsx`, filesize: fs.statSync(EXAMPLE).size });
    const copy = path.join(t.dataDir, 'data', 'download', String(resource.fileresourcetype_id), resource.path!);
    expect(fs.readFileSync(copy)).toEqual(fs.readFileSync(EXAMPLE));

    // A second import reuses climates, units and locations but makes a new dataset.
    const again = await run(EXAMPLE);
    expect(again.stats).toMatchObject({ newClimates: 0, newLocations: 0, climateData: values });
    const third = await counts();
    expect(third.climates).toBe(after.climates);
    expect(third.units).toBe(after.units);
    expect(third.locations).toBe(after.locations);
    expect(third.datasets).toBe(after.datasets + 1);
  });

  it('imports a generated valid file (compact dates, a date variable, attributes)', async () => {
    const { issues, stats } = await run(await writeBook(scratch, 'valid.xlsx', validBook()));
    expect(issues).toEqual([]);
    expect(stats).toMatchObject({ climates: 2, locations: 2, climateData: 5, attributeValues: 2 });
    const rows = await db().selectFrom('climatedata').select(['climate_value', 'recording_date']).where('dataset_id', '=', stats!.datasetId!).orderBy('id').execute();
    expect(rows.map((r) => r.recording_date)).toEqual(['2024-01-01', '2024-01-01', '2024-01-02', '2024-01-03', '2024-01-03']);
    const dataset = await db().selectFrom('datasets').selectAll().where('id', '=', stats!.datasetId!).executeTakeFirstOrThrow();
    expect([dataset.date_start, dataset.date_end, dataset.contact, dataset.dataset_state_id]).toEqual(['2024-01-01', '2024-01-03', 'a@b.org', 1]);
  });

  it('adds to an existing dataset named by BrAPI Study DB ID instead of creating one', async () => {
    const first = await run(await writeBook(scratch, 'study-1.xlsx', validBook()));
    const datasetId = first.stats!.datasetId!;
    const before = await counts();
    const book = validBook();
    book.ATTRIBUTES.push(['BrAPI Study DB ID', 'numeric', String(datasetId)]);
    const { issues, stats } = await run(await writeBook(scratch, 'study-2.xlsx', book));
    expect(issues).toEqual([]);
    expect(stats).toMatchObject({ datasetId, climateData: 5 });
    const after = await counts();
    expect([after.datasets, after.datasetlocations, after.climatedata]).toEqual([before.datasets, before.datasetlocations, before.climatedata + 5]);
  });

  it('a cancelled import throws and its transaction leaves nothing, no file either', async () => {
    const before = await counts();
    const downloads = () => {
      const root = path.join(t.dataDir, 'data', 'download');
      return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).length : 0;
    };
    const files = downloads();
    const controller = new AbortController();
    controller.abort();
    await expect(run(EXAMPLE, { signal: controller.signal })).rejects.toThrow();
    expect(await counts()).toEqual(before);
    expect(downloads()).toBe(files);
  });

  const edit = (change: (b: Book) => void) => {
    const book = validBook();
    change(book);
    return book;
  };
  type Expected = [status: string, row: number, sheet: string, column: string | null, value: string | null][];
  const cases: [name: string, book: Book, expected: Expected][] = [
    ['METADATA header', edit((b) => { b.METADATA[0][2] = 'VALUES'; }), [['GENERIC_MISSING_COLUMN', 1, 'METADATA', 'VALUE', 'VALUES']]],
    ['METADATA label missing', edit((b) => { b.METADATA.splice(3, 1); }), [['GENERIC_MISSING_REQUIRED_VALUE', -1, 'METADATA', 'LABEL', 'Rights']]],
    ['Title empty', edit((b) => { b.METADATA[1][2] = null; }), [['GENERIC_MISSING_REQUIRED_VALUE', 2, 'METADATA', 'VALUE', null]]],
    ['attribute type', edit((b) => { b.ATTRIBUTES.push(['Soil', 'texty', 'x'], ['Irrigation', 'numbers', '3']); }), [
      ['GENERIC_INVALID_DATATYPE', 3, 'ATTRIBUTES', 'Type', 'texty'], ['GENERIC_INVALID_DATATYPE', 4, 'ATTRIBUTES', 'Type', 'numbers']]],
    ['attribute name', edit((b) => { b.ATTRIBUTES.push([null, 'text', 'x']); }), [['GENERIC_MISSING_REQUIRED_VALUE', 3, 'ATTRIBUTES', 'Attribute', null]]],
    ['study id unknown', edit((b) => { b.ATTRIBUTES.push(['BrAPI Study DB ID', 'numeric', '999999']); }), [['GENERIC_INVALID_REFERENCE', 3, 'ATTRIBUTES', 'Value', '999999']]],
    ['LOCATION header', edit((b) => { b.LOCATION[0][1] = 'Short Name'; }), [['GENERIC_MISSING_COLUMN', 1, 'LOCATION', 'Short name', 'Short Name']]],
    ['location name', edit((b) => { b.LOCATION.push([null, 'X', null, null, null, null]); }), [['GENERIC_MISSING_REQUIRED_VALUE', 4, 'LOCATION', 'Name', null]]],
    ['location short name', edit((b) => { b.LOCATION[2][1] = 'x'.repeat(23); }), [['GENERIC_VALUE_TOO_LONG', 3, 'LOCATION', 'Short name', 'x'.repeat(23)]]],
    ['location country', edit((b) => { b.LOCATION[1][2] = 'gb'; b.LOCATION[2][2] = 'GBR'; }), [
      ['GENERIC_INVALID_COUNTRY_CODE', 2, 'LOCATION', 'Country', 'gb'], ['GENERIC_INVALID_COUNTRY_CODE', 3, 'LOCATION', 'Country', 'GBR']]],
    ['location numbers', edit((b) => { b.LOCATION[1][3] = 'high'; b.LOCATION[1][4] = '95'; }), [
      ['GENERIC_INVALID_NUMBER', 2, 'LOCATION', 'Elevation', 'high'], ['GENERIC_INVALID_NUMBER', 2, 'LOCATION', 'Latitude', '95']]],
    ['collaborator', edit((b) => { b.COLLABORATORS.push(['Roe', null, null, null, null, null, null, null, 'XX']); }), [
      ['GENERIC_MISSING_REQUIRED_VALUE', 4, 'COLLABORATORS', 'First Name', null], ['GENERIC_INVALID_COUNTRY_CODE', 4, 'COLLABORATORS', 'Country', 'XX']]],
    ['variables header', edit((b) => { b['ENVIRONMENTAL VARIABLES'][0][6] = 'Unit Description'; }), [['GENERIC_MISSING_COLUMN', 1, 'ENVIRONMENTAL VARIABLES', 'Unit Descriptions', null]]],
    ['variable too long', edit((b) => { b['ENVIRONMENTAL VARIABLES'][1][1] = 'RAINFALL-MM'; b['ENVIRONMENTAL VARIABLES'][2][5] = 'degrees-cel'; }), [
      ['GENERIC_VALUE_TOO_LONG', 2, 'ENVIRONMENTAL VARIABLES', 'Short Name', 'RAINFALL-MM'], ['GENERIC_VALUE_TOO_LONG', 3, 'ENVIRONMENTAL VARIABLES', 'Unit Abbreviation', 'degrees-cel']]],
    ['variable data type', edit((b) => { b['ENVIRONMENTAL VARIABLES'][1][3] = 'number'; b['ENVIRONMENTAL VARIABLES'][2][3] = null; }), [
      ['TRIALS_INVALID_TRAIT_DATATYPE', 2, 'ENVIRONMENTAL VARIABLES', 'Data Type', 'number'], ['TRIALS_INVALID_TRAIT_DATATYPE', 3, 'ENVIRONMENTAL VARIABLES', 'Data Type', null]]],
    ['variable defined twice', edit((b) => { b['ENVIRONMENTAL VARIABLES'].push(['rainfall', null, null, 'text', null, null, null]); }), [['GENERIC_DUPLICATE_VALUE', 4, 'ENVIRONMENTAL VARIABLES', 'Name', 'rainfall']]],
    ['variable without name', edit((b) => { b['ENVIRONMENTAL VARIABLES'].push([null, 'X', null, 'text', null, null, null]); }), [['GENERIC_MISSING_REQUIRED_VALUE', 4, 'ENVIRONMENTAL VARIABLES', 'Name', null]]],
    ['DATA missing', edit((b) => { delete b.DATA; b.DATA_OLD = [['x']]; }), [['GENERIC_MISSING_EXCEL_SHEET', -1, 'DATA', null, 'DATA']]],
    ['Date header', edit((b) => { b.DATA[0][1] = 'Day'; }), [['GENERIC_MISSING_COLUMN', 1, 'DATA', 'Date', 'Day']]],
    ['undeclared climates', edit((b) => { b.DATA[0].push('Wind', 'Sun'); b.DATA[1].push('3', '4'); }), [
      ['CLIMATE_MISSING_CLIMATE_DECLARATION', 1, 'DATA', 'Wind', 'Wind'], ['CLIMATE_MISSING_CLIMATE_DECLARATION', 1, 'DATA', 'Sun', 'Sun']]],
    ['duplicate DATA column', edit((b) => { b.DATA[0].push('Rainfall'); }), [['GENERIC_DUPLICATE_COLUMN', 1, 'DATA', 'Rainfall', 'Rainfall']]],
    ['location missing', edit((b) => { b.DATA[2][0] = null; }), [['GENERIC_MISSING_REQUIRED_VALUE', 3, 'DATA', 'Location/Climate', null]]],
    ['undeclared locations', edit((b) => { b.DATA[1][0] = 'site a'; b.DATA[3][0] = 'Site C'; }), [
      ['CLIMATE_MISSING_LOCATION_DECLARATION', 2, 'DATA', 'Location/Climate', 'site a'], ['CLIMATE_MISSING_LOCATION_DECLARATION', 4, 'DATA', 'Location/Climate', 'Site C']]],
    ['date missing', edit((b) => { b.DATA[1][1] = null; }), [['GENERIC_MISSING_REQUIRED_VALUE', 2, 'DATA', 'Date', null]]],
    ['dates invalid', edit((b) => { b.DATA[1][1] = '2024-02-30'; b.DATA[2][1] = '01/02/2024'; }), [
      ['GENERIC_INVALID_DATE', 2, 'DATA', 'Date', '2024-02-30'], ['GENERIC_INVALID_DATE', 3, 'DATA', 'Date', '01/02/2024']]],
    ['numbers invalid', edit((b) => { b.DATA[1][2] = 'NA'; b.DATA[3][2] = '-'; }), [
      ['GENERIC_INVALID_NUMBER', 2, 'DATA', 'Rainfall', 'NA'], ['GENERIC_INVALID_NUMBER', 4, 'DATA', 'Rainfall', '-']]],
    ['date value invalid', edit((b) => { b.DATA[3][3] = 'November'; }), [['GENERIC_INVALID_DATE', 4, 'DATA', 'Frost start', 'November']]],
  ];

  it.each(cases)('reports %s at every occurrence and writes nothing', async (name, book, expected) => {
    const before = await counts();
    const { issues, stats } = await run(await writeBook(scratch, `${name.replace(/\W/g, '-')}.xlsx`, book));
    expect(brief(issues)).toEqual(expected.map(([status, row, sheet, column, value]) => [status, 'ERROR', row, sheet, column, value]));
    expect(issues.every((i) => i.messageKey === `importStatus.${i.status}`)).toBe(true);
    expect(stats).toBeNull();
    expect(await counts()).toEqual(before);
  });
});
