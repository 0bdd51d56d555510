import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { seedTrials, type TrialsSeed } from '../support/trials-seed.js';

type Caller = 'anonymous' | 'regular' | 'admin';

/** The rows of an ISA-Tab file, each cell unquoted (a doubled quote inside is one quote; labels are bare). */
function isaLines(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => line.split('\t').map((cell) => (cell.startsWith('"') && cell.endsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell)));
}

const FIXED = [
  'name', 'dbId', 'puid', 'general_identifier', 'taxonomy', 'entity_parent_name', 'entity_parent_general_identifier', 'dataset_name',
  'dataset_version', 'license_name', 'year', 'groups', 'location', 'latitude', 'longitude', 'elevation', 'treatments_description', 'rep',
  'block', 'trial_row', 'trial_column',
];

/**
 * The trials export (`dataset/export/trial`): Germinate's tab file (header, pivoted rows, one row per plot
 * and year, the latest value of a cell), the xlsx workbook (DATA and METADATA sheets), the selection, the
 * licence gate, spreadsheet-safe cells, bad input and the access log.
 */
describe.each(testDialects())('the trials export on %s', (dialect) => {
  let server: TestServer;
  let seed: TrialsSeed;
  const tokens: Record<Caller, string | null> = { anonymous: null, regular: null, admin: null };
  const db = () => server.db.database.db as unknown as Kysely<unknown>;

  const exportTrial = (caller: Caller, body: unknown, format = 'tab') =>
    server.api('POST', `dataset/export/trial?format=${format}`, { token: tokens[caller], body });
  /** The tab file's lines, each split into its cells. */
  const tab = async (caller: Caller, body: unknown, format = 'tab') => {
    const response = await exportTrial(caller, body, format);
    expect(response.status, await response.clone().text()).toBe(200);
    const text = await response.text();
    expect(text.endsWith('\r\n')).toBe(false);
    return text.split('\r\n').map((line) => line.split('\t'));
  };
  const logCount = async () => Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM datasetaccesslogs`.execute(db())).rows[0].n);

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    seed = await seedTrials(server);
    for (const role of ['regular', 'admin'] as const) tokens[role] = await server.login(role, passwordOf(role));
    expect((await server.api('GET', `license/${seed.licence}/accept`, { token: tokens.regular })).status).toBe(200);
    await sql`UPDATE datasets SET version = 'v2' WHERE id = ${seed.licensedSet}`.execute(db());
    // A value that a spreadsheet would run as a formula, and one that is only a negative number.
    await sql`UPDATE phenotypedata SET phenotype_value = ${'=HYPERLINK("http://x")'} WHERE phenotype_id = ${seed.traits.note}`.execute(db());
    await sql`UPDATE phenotypedata SET phenotype_value = '-3.5' WHERE phenotype_id = ${seed.traits.yield}
      AND trialsetup_id IN (SELECT id FROM trialsetup WHERE dataset_id = ${seed.licensedSet} AND germinatebase_id = 3)`.execute(db());
  });
  afterAll(async () => server?.close());

  it('writes the header and one row per plot and year, the values pivoted into one column per trait', async () => {
    const response = await exportTrial('anonymous', { datasetIds: [seed.openSet] });
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="trials-${seed.openSet}-\\d{4}-\\d{2}-\\d{2}-\\d{2}-\\d{2}-\\d{2}-[0-9a-f-]{36}\\.txt"$`));
    const lines = (await response.text()).split('\r\n').map((line) => line.split('\t'));
    expect(lines[0]).toEqual(['#input=PHENOTYPE']);
    // Traits with data in the datasets, by name; a unit's abbreviation in brackets.
    expect(lines[1]).toEqual([...FIXED, 'Colour', 'Height [cm]', 'Note', 'Yield [t/ha]']);
    // Germplasm 1-4 × rep 1-2, each a row of undated values (empty year) and one of 2024.
    expect(lines).toHaveLength(2 + 16);
    const dataset = `${seed.openSet}-Open trial`;
    expect(lines[2]).toEqual(['Barke', '1', 'doi:10.1/barke', 'ACC-001', 'Hordeum vulgare', '', '', dataset, '', '', '', '', 'Gatersleben', '50.01', '10.01', '', 'Sprayed', '1', '1', '1', '1', 'red', '', "'=HYPERLINK(\"http://x\")", '']);
    // Height: the later of the two dates of 2024 (12 × 1 + 1, not 10 × 1 + 1).
    expect(lines[3]).toEqual(['Barke', '1', 'doi:10.1/barke', 'ACC-001', 'Hordeum vulgare', '', '', dataset, '', '', '2024', '', 'Gatersleben', '50.01', '10.01', '', 'Sprayed', '1', '1', '1', '1', '', '13', '', '1.1']);
    expect(lines[5].slice(0, 1).concat(lines[5].slice(10, 11), lines[5].slice(16, 21), lines[5].slice(21))).toEqual(['Barke', '2024', 'Unsprayed', '2', '1', '2', '1', '', '14', '', '1.2']);
    expect(lines.slice(2).map((l) => l[1])).toEqual(['1', '1', '1', '1', '2', '2', '2', '2', '3', '3', '3', '3', '4', '4', '4', '4']);
    // Germplasm 4 (Müller): Triticum aestivum, Height 12 × 4 + 2 = 50 in rep 2.
    expect(lines[17]).toEqual(['Müller', '4', 'doi:10.1/mueller', 'ACC-004', 'Triticum aestivum', '', '', dataset, '', '', '2024', '', 'Gatersleben', '50.04', '10.02', '', 'Unsprayed', '2', '1', '2', '4', '', '50', '', '4.2']);
  });

  it('exports the selected traits and germplasm, with the selected groups of each germplasm', async () => {
    const lines = await tab('anonymous', { datasetIds: [seed.openSet], xIds: [seed.traits.yield, seed.traits.unused], yIds: [3], yGroupIds: [seed.groups.elite] });
    // Unused has no data: no column.
    expect(lines[1].slice(FIXED.length)).toEqual(['Yield [t/ha]']);
    expect(lines.slice(2).map((l) => [l[1], l[11], l[17], l[21]])).toEqual([
      ['1', '["Elite"]', '1', '1.1'], ['1', '["Elite"]', '2', '1.2'],
      ['2', '["Elite"]', '1', '2.1'], ['2', '["Elite"]', '2', '2.2'],
      ['3', '[]', '1', '3.1'], ['3', '[]', '2', '3.2'],
    ]);
    // The private group selects nothing for others, and names its members for its owner.
    expect(await tab('anonymous', { datasetIds: [seed.openSet], yGroupIds: [seed.groups.mine] })).toHaveLength(2);
    const mine = await tab('regular', { datasetIds: [seed.openSet], xIds: [seed.traits.colour], yGroupIds: [seed.groups.mine] });
    expect(mine.slice(2).map((l) => [l[0], l[11], l[21]])).toEqual([['BARKE-2', '["Mine"]', 'red'], ['BARKE-2', '["Mine"]', 'red']]);
  });

  it('exports each allowed dataset in turn, with its version and licence, and the licence gate decides which', async () => {
    const lines = await tab('regular', { datasetIds: [seed.openSet, seed.licensedSet], xIds: [seed.traits.yield] });
    expect(lines.slice(2).map((l) => l[7])).toEqual([...Array(8).fill(`${seed.openSet}-Open trial`), ...Array(3).fill(`${seed.licensedSet}-Licensed trial`)]);
    // The number that starts with a minus sign stays a number.
    expect(lines[lines.length - 1]).toEqual(['BARKE-2', '3', '', 'ACC-003', 'Hordeum vulgare spontaneum', '', '', `${seed.licensedSet}-Licensed trial`, 'v2', 'Trial data licence', '', '', 'Dundee', '50.03', '10.01', '', '', '1', '1', '1', '3', '-3.5']);
    // Not accepted: the licensed set is left out; the private set is the administrator's.
    expect((await exportTrial('anonymous', { datasetIds: [seed.licensedSet] })).status).toBe(404);
    const admin = await tab('admin', { xIds: [seed.traits.height] });
    expect(new Set(admin.slice(2).map((l) => l[7]))).toEqual(new Set([`${seed.openSet}-Open trial`, `${seed.privateSet}-Private trial`]));
  });

  it('answers every other format with the tab file', async () => {
    for (const format of ['csv', '', 'ISATAB']) {
      const lines = await tab('anonymous', { datasetIds: [seed.openSet], xIds: [seed.traits.note] }, format);
      expect(lines[0]).toEqual(['#input=PHENOTYPE']);
      expect(lines).toHaveLength(2 + 2);
    }
  });

  it('writes ISA-Tab: the investigation names the studies, a study row per plot, an assay row per tab row, the tab values in the data file', async () => {
    const body = { datasetIds: [seed.openSet, seed.licensedSet] };
    const response = await exportTrial('regular', body, 'isatab');
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="trials-\d+-\d+-[\d-]+-[0-9a-f-]{36}\.zip"$/);
    const files = Object.fromEntries(Object.entries(unzipSync(new Uint8Array(await response.arrayBuffer()))).map(([name, bytes]) => [name, strFromU8(bytes)]));
    const [open, licensed] = [`${seed.openSet}-Open_trial`, `${seed.licensedSet}-Licensed_trial`];
    expect(Object.keys(files)).toEqual(['i_investigation.txt', ...[open, licensed].flatMap((stem) => [`s_${stem}.txt`, `a_${stem}.txt`, `d_${stem}.txt`])]);
    const investigation = isaLines(files['i_investigation.txt']);
    const labelled = (label: string) => investigation.filter((row) => row[0] === label).map((row) => row.slice(1));
    expect(labelled('Investigation Title')).toEqual([['Field trials 2024']]);
    expect(labelled('Study Identifier')).toEqual([[String(seed.openSet)], [String(seed.licensedSet)]]);
    expect(labelled('Study File Name')).toEqual([[`s_${open}.txt`], [`s_${licensed}.txt`]]);
    expect(labelled('Study Assay File Name')).toEqual([[`a_${open}.txt`], [`a_${licensed}.txt`]]);
    expect(labelled('Comment[Licence]')).toEqual([[''], ['Trial data licence']]);
    // The licensed set's plots have no treatment: no such factor.
    expect(labelled('Study Factor Name')).toEqual([['Treatment', 'Replicate', 'Block', 'Row', 'Column'], ['Replicate', 'Block', 'Row', 'Column']]);

    const rows = await tab('regular', body);
    for (const [id, stem] of [[seed.openSet, open], [seed.licensedSet, licensed]] as const) {
      const tabRows = rows.slice(2).filter((l) => l[7].startsWith(`${id}-`));
      // A plot is a germplasm's rep here (each has one row and column): its rows in the tab file, one per year.
      const plots = [...new Map(tabRows.map((l) => [`${l[1]}/${l[17]}`, l])).values()];
      const [studyHead, ...study] = isaLines(files[`s_${stem}.txt`]);
      expect(studyHead.slice(0, 3)).toEqual(['Source Name', 'Characteristics[Organism]', 'Characteristics[Germplasm ID]']);
      const column = (name: string) => studyHead.indexOf(name);
      expect(study.map((r) => [r[0], r[column('Characteristics[Germplasm ID]')], r[column('Factor Value[Replicate]')], r[column('Factor Value[Column]')]])).toEqual(plots.map((l) => [l[0], l[1], l[17], l[20]]));
      const samples = study.map((r) => r[column('Sample Name')]);
      expect(new Set(samples).size).toBe(plots.length);

      const [assayHead, ...assays] = isaLines(files[`a_${stem}.txt`]);
      expect(assayHead).toEqual(['Sample Name', 'Protocol REF', 'Date', 'Assay Name', 'Protocol REF', 'Derived Data File']);
      expect(assays).toHaveLength(tabRows.length);
      expect(assays.every((r) => samples.includes(r[0]) && r[5] === `d_${stem}.txt`)).toBe(true);
      // Each assay is its plot's (germplasm and rep) in its year.
      const plotOf = new Map(study.map((r) => [r[column('Sample Name')], `${r[column('Characteristics[Germplasm ID]')]}/${r[column('Factor Value[Replicate]')]}`]));
      expect(assays.map((r) => [plotOf.get(r[0]), r[2]])).toEqual(tabRows.map((l) => [`${l[1]}/${l[17]}`, l[10]]));

      // The data file: tab-separated like the tab file, the assay's name then the same trait cells.
      const [dataHead, ...data] = files[`d_${stem}.txt`].replace(/\r\n$/, '').split('\r\n').map((line) => line.split('\t'));
      expect(dataHead).toEqual(['Assay Name', ...rows[1].slice(FIXED.length)]);
      expect(data.map((r) => r[0])).toEqual(assays.map((r) => r[3]));
      expect(data.map((r) => r.slice(1))).toEqual(tabRows.map((l) => l.slice(FIXED.length)));
    }
  });

  it('refuses ISA-Tab of a dataset whose licence is not accepted as it refuses the tab file', async () => {
    const body = { datasetIds: [seed.licensedSet] };
    const [tabAnswer, isaAnswer] = [await exportTrial('anonymous', body), await exportTrial('anonymous', body, 'isatab')];
    expect(isaAnswer.status).toBe(404);
    expect(tabAnswer.status).toBe(404);
    expect(await isaAnswer.json()).toEqual(await tabAnswer.json());
  });

  it('writes the xlsx workbook: the data sheet and the traits and datasets on METADATA', async () => {
    const response = await exportTrial('regular', { datasetIds: [seed.openSet, seed.licensedSet] }, 'xlsx');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="trials-\d+-\d+-[\d-]+-[0-9a-f-]{36}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['DATA', 'METADATA']);
    const data = workbook.getWorksheet('DATA');
    const values = (row: ExcelJS.Row) => (row.values as ExcelJS.CellValue[]).slice(1);
    expect(values(data!.getRow(1))).toEqual([...FIXED, 'Colour', 'Height [cm]', 'Note', 'Yield [t/ha]']);
    // 16 rows of the open set, 3 of the licensed one (undated only).
    expect(data!.rowCount).toBe(1 + 16 + 3);
    const row = values(data!.getRow(3));
    expect(row[0]).toBe('Barke');
    expect(row[1]).toBe(1);
    expect(row[10]).toBe('2024');
    expect(row.slice(21)).toEqual([undefined, 13, undefined, 1.1]);
    // Formula-like text is quoted text, never a formula.
    const note = data!.getRow(2).getCell(FIXED.length + 3);
    expect(note.type).toBe(ExcelJS.ValueType.String);
    expect(note.value).toBe('\'=HYPERLINK("http://x")');
    expect(values(data!.getRow(20)).slice(21)).toEqual([undefined, 103, undefined, -3.5]);
    const metadata = workbook.getWorksheet('METADATA');
    const lines: ExcelJS.CellValue[][] = [];
    metadata!.eachRow((r) => lines.push(values(r)));
    expect(lines).toEqual([
      ['TRAITS'],
      ['name', 'short_name', 'description', 'data_type', 'unit_name', 'unit_abbreviation'],
      ['Colour', undefined, 'Colour description', 'categorical'],
      ['Height', 'HT', 'Height description', 'numeric', 'Centimetres', 'cm'],
      ['Note', undefined, 'Note description', 'text'],
      ['Yield', 'YLD', 'Yield description', 'numeric', 'Tonnes per hectare', 't/ha'],
      ['DATASETS'],
      ['id', 'name', 'description', 'version', 'license_name'],
      [seed.openSet, 'Open trial', 'Open trial description'],
      [seed.licensedSet, 'Licensed trial', 'Licensed trial description', 'v2', 'Trial data licence'],
    ]);
  });

  it('writes one access log row per exported dataset, and none for refused requests', async () => {
    const before = await logCount();
    await tab('regular', { datasetIds: [seed.openSet, seed.licensedSet, seed.privateSet], xIds: [seed.traits.yield] });
    const rows = await sql<{ dataset_id: number; user_name: string }>`SELECT dataset_id, user_name FROM datasetaccesslogs ORDER BY id`.execute(db());
    expect(rows.rows.slice(before).map((r) => [Number(r.dataset_id), r.user_name])).toEqual([[seed.openSet, 'regular'], [seed.licensedSet, 'regular']]);
    const xlsx = await exportTrial('anonymous', { datasetIds: [seed.openSet] }, 'xlsx');
    expect(xlsx.status).toBe(200);
    expect((await xlsx.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(await logCount()).toBe(before + 3);
    expect((await exportTrial('anonymous', { datasetIds: [seed.privateSet] })).status).toBe(404);
    expect(await logCount()).toBe(before + 3);
  });

  it('answers a missing body with 400 and datasets nobody may export with 404', async () => {
    const missing = await server.api('POST', 'dataset/export/trial?format=tab', {});
    expect(missing.status).toBe(400);
    expect((await exportTrial('anonymous', { datasetIds: ['open'] })).status).toBe(400);
    expect((await exportTrial('anonymous', { xIds: 3 })).status).toBe(400);
    expect((await exportTrial('admin', { datasetIds: [seed.genotypeSet] })).status).toBe(404);
    expect((await exportTrial('anonymous', { datasetIds: [999999] })).status).toBe(404);
    // No dataset named: every allowed trials dataset.
    const all = await tab('anonymous', { xIds: [seed.traits.note] });
    expect(all).toHaveLength(4);
  });
});
