import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../src/server/import/pipeline.js';
import type { ImportRunResult } from '../../src/server/import/pipeline.js';
import { serverPlugins } from '../../src/plugins/server.js';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { MB, scratchDir } from './helpers.js';

/**
 * The COLLABORATORS sheet that the trials, climate and pedigree templates share is stored: each template
 * imported through the pipeline into the real server's database, then read back through the API as a
 * client would (the dataset row's count, `dataset/{id}/collaborator`), on both dialects.
 */
type Cell = string | number | null;
type Book = Record<string, Cell[][]>;

const NOW = new Date('2025-01-01T00:00:00Z');
const scratch = scratchDir();
afterAll(() => scratch.remove());

const LABELS = [
  'Title', 'Description', 'Rights', 'Date of creation', 'Publisher', 'Format', 'Language', 'Source', 'Type', 'Subject', 'Contact',
  'Investigation Title', 'Investigation Description', 'Investigation unique ID', 'Associated data file link',
  'Associated data file description', 'Associated data file version',
];
const metadata = (title: string): Cell[][] => [['LABEL', 'DEFINITION', 'VALUE'], ...LABELS.map((l) => [l, `About ${l}`, l === 'Title' ? title : l === 'Description' ? `${title} data` : null])];
const HEADER: Cell[] = ['Last Name', 'First Name', 'Contributor role', 'Contributor ID', 'Email', 'Phone', 'Contributor', 'Address', 'Country'];
const EXPLANATION: Cell[] = HEADER.map((h) => `What ${h} means`);
/** Two people of one institution (found once), one without any. */
const PEOPLE: Cell[][] = [
  ['Raubach', 'Sebastian', 'data submitter; author', '0000-0001-2345-6789', 'sr@example.org', null, 'The James Hutton Institute', 'Errol Road, Dundee', 'GB'],
  ['Shaw', 'Paul', 'corresponding author', null, 'ps@example.org', '+44 1382 000000', 'The James Hutton Institute', 'Errol Road, Dundee', 'GB'],
  ['Doe', 'Jane', null, null, null, null, null, null, null],
];
const collaborators = (people: Cell[][] = PEOPLE) => [HEADER, EXPLANATION, ...people];

const BOOKS: Record<'trial' | 'climate' | 'pedigree', () => Book> = {
  trial: () => ({
    METADATA: metadata('Trial with people'),
    COLLABORATORS: collaborators(),
    PHENOTYPES: [['Name', 'Short Name', 'Description', 'Data Type', 'Unit Name', 'Unit Abbreviation', 'Unit Descriptions'], ['Height', 'HT', 'Plant height', 'numeric', null, null, null]],
    DATA: [['Line/Phenotype', 'Rep', 'Block', 'Row', 'Column', 'Treatment', 'Location', 'Latitude', 'Longitude', 'Elevation', 'Height'], ['G-1', '1', '1', 1, 1, null, null, null, null, null, 80]],
  }),
  climate: () => ({
    METADATA: metadata('Weather with people'),
    COLLABORATORS: collaborators(),
    LOCATION: [['Name', 'Short name', 'Country', 'Elevation', 'Latitude', 'Longitude'], ['Site A', 'S_A', 'GB', '21', '56.48', '-3.11']],
    'ENVIRONMENTAL VARIABLES': [['Name', 'Short Name', 'Description', 'Data Type', 'Unit Name', 'Unit Abbreviation', 'Unit Descriptions'], ['Rainfall', 'RF', 'Daily rain', 'numeric', null, null, null]],
    DATA: [['Location/Climate', 'Date', 'Rainfall'], ['Site A', '2024-01-01', '3.5']],
  }),
  pedigree: () => ({
    METADATA: metadata('Pedigree with people'),
    COLLABORATORS: collaborators(),
    DATA: [['ACCENUMB', 'Parent 1 ACCENUMB', 'Parent 2 ACCENUMB', 'Description of Crossing Procedure (if applicable)', 'Pedigree Description', 'Pedigree Author'], ['G-2', 'G-1', null, null, 'Cross', 'Breeder']],
    'DATA-STRING': [['ACCENUMB', 'Pedigree string', 'Pedigree Notation'], ['G-2', 'G-1/G-1', 'Purdy']],
  }),
};

let counter = 0;
async function write(book: Book): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(book)) workbook.addWorksheet(name).addRows(rows);
  counter += 1;
  const file = scratch.file(`collaborators-${counter}.xlsx`, new Uint8Array(await workbook.xlsx.writeBuffer()));
  return file;
}

interface CollaboratorRow {
  collaboratorId: number;
  collaboratorFirstName: string;
  collaboratorLastName: string;
  collaboratorExternalId?: string | null;
  collaboratorEmail?: string | null;
  collaboratorPhone?: string | null;
  collaboratorRoles?: string | null;
  institutionId?: number | null;
  institutionName?: string | null;
  institutionAddress?: string | null;
  datasetId: number;
  countryCode2?: string | null;
}

describe.each(testDialects())('datasheet collaborators, stored and read back (%s)', (dialect) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    admin = await server.login('admin', passwordOf('admin'));
    // Germplasm the trial and the pedigree name: an MCPD text file needs no more than ACCENUMB.
    const passports = scratch.file(`germplasm-${dialect}.txt`, 'ACCENUMB\tGENUS\nG-1\tHordeum\nG-2\tHordeum\n');
    expect((await importFile(passports, 'mcpd')).status).toBe('imported');
  });
  afterAll(async () => server?.close());

  const importFile = (file: string, type: string, options: { update?: boolean; datasetStateId?: number } = {}): Promise<ImportRunResult> =>
    runImport(server.db.database, serverPlugins.flatMap((p) => p.importers ?? []), { file, type, update: options.update ?? false, checkOnly: false }, {
      maxBytes: 16 * MB, now: NOW, dataDir: server.db.dataDir, datasetStateId: options.datasetStateId ?? 1,
    });
  const post = async <T>(path: string, token: string | null = admin, body: unknown = {}): Promise<T> => {
    const response = await server.api('POST', path, { token, body });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  };
  const collaboratorsOf = async (datasetId: number, token: string | null = admin) =>
    (await post<{ data: CollaboratorRow[]; count: number }>(`dataset/${datasetId}/collaborator`, token, { page: 0, limit: 10, orderBy: 'collaboratorLastName', ascending: 1 })).data;
  const datasetRow = async (datasetId: number) =>
    (await post<{ data: { datasetId: number; collaborators: number }[] }>('dataset/table', admin, {
      filter: [{ column: 'datasetId', comparator: 'equals', operator: 'and', values: [datasetId] }],
    })).data[0];

  it.each(['trial', 'climate', 'pedigree'] as const)('a %s template stores its collaborators, linked to its dataset', async (type) => {
    const result = await importFile(await write(BOOKS[type]()), type);
    expect(result.issues.filter((i) => i.type === 'ERROR')).toEqual([]);
    expect(result.stats).toMatchObject({ collaborators: 3 });
    const datasetId = result.stats?.datasetId as number;

    expect((await datasetRow(datasetId)).collaborators).toBe(3);
    const rows = await collaboratorsOf(datasetId);
    expect(rows.map((r) => [r.collaboratorLastName, r.collaboratorFirstName, r.collaboratorRoles ?? null, r.datasetId])).toEqual([
      ['Doe', 'Jane', null, datasetId],
      ['Raubach', 'Sebastian', 'data submitter; author', datasetId],
      ['Shaw', 'Paul', 'corresponding author', datasetId],
    ]);
    const [doe, raubach, shaw] = rows;
    expect(raubach).toMatchObject({
      collaboratorExternalId: '0000-0001-2345-6789', collaboratorEmail: 'sr@example.org', institutionName: 'The James Hutton Institute',
      institutionAddress: 'Errol Road, Dundee', countryCode2: 'GB',
    });
    expect(shaw).toMatchObject({ collaboratorPhone: '+44 1382 000000', institutionId: raubach.institutionId });
    expect(doe.institutionId ?? null).toBeNull();
  });

  it('finds people and institutions again instead of copying them, and links each person once per role', async () => {
    const people = async () => Number((await server.db.database.db.withTables<{ collaborators: { id: number } }>().selectFrom('collaborators').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await people();
    const result = await importFile(await write(BOOKS.climate()), 'climate');
    expect(result.status).toBe('imported');
    expect(await people()).toBe(before);
    const institutions = await server.db.database.db.withTables<{ institutions: { id: number; name: string } }>()
      .selectFrom('institutions').select('id').where('name', '=', 'The James Hutton Institute').execute();
    expect(institutions).toHaveLength(1);
  });

  it('adds to an existing dataset without repeating a link; an update import replaces the dataset\'s collaborators', async () => {
    const first = await importFile(await write(BOOKS.pedigree()), 'pedigree');
    const datasetId = first.stats?.datasetId as number;
    const into = (people: Cell[][]) => ({ ...BOOKS.pedigree(), ATTRIBUTES: [['Attribute', 'Type', 'Value'], ['BrAPI Study DB ID', 'numeric', String(datasetId)]], COLLABORATORS: collaborators(people) });

    // Insert mode (Germinate's rule): the same person in the same role is not linked twice; a new one is added.
    const added = await importFile(await write(into([PEOPLE[0], ['Roe', 'Richard', 'data collector', null, null, null, null, null, null]])), 'pedigree');
    expect(added.stats).toMatchObject({ datasetId, collaborators: 1 });
    expect((await collaboratorsOf(datasetId)).map((r) => r.collaboratorLastName)).toEqual(['Doe', 'Raubach', 'Roe', 'Shaw']);

    // Update mode: the file's sheet is who the dataset credits now.
    const replaced = await importFile(await write(into([PEOPLE[1]])), 'pedigree', { update: true });
    expect(replaced.stats).toMatchObject({ datasetId, collaborators: 1 });
    expect((await collaboratorsOf(datasetId)).map((r) => r.collaboratorLastName)).toEqual(['Shaw']);
    expect((await datasetRow(datasetId)).collaborators).toBe(1);
  });

  it('shows a dataset\'s collaborators only to callers who may see the dataset', async () => {
    const hidden = await importFile(await write(BOOKS.climate()), 'climate', { datasetStateId: 3 });
    const datasetId = hidden.stats?.datasetId as number;
    expect(await collaboratorsOf(datasetId)).toHaveLength(3);
    expect(await collaboratorsOf(datasetId, null)).toEqual([]);
    expect(await collaboratorsOf(999_999)).toEqual([]);
    expect((await server.api('POST', 'dataset/abc/collaborator', { token: admin, body: {} })).status).toBe(404);
  });

  it('refuses a collaborator row without a name or with an unknown country, and writes nothing', async () => {
    const book = { ...BOOKS.trial(), COLLABORATORS: collaborators([[null, 'Anon', null, null, null, null, null, null, 'gb']]) };
    const result = await importFile(await write(book), 'trial');
    expect(result.status).toBe('rejected');
    expect(result.issues.map((i) => [i.status, i.rowIndex, i.sheet, i.column, i.value])).toEqual([
      ['GENERIC_MISSING_REQUIRED_VALUE', 3, 'COLLABORATORS', 'Last Name', null],
      ['GENERIC_INVALID_COUNTRY_CODE', 3, 'COLLABORATORS', 'Country', 'gb'],
    ]);
  });
});
