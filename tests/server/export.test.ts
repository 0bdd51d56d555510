import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { f, germplasmDb, seedGermplasm, seedMany } from '../support/seed.js';

/** Germinate's germplasm export header (ViewTableGermplasm's columns in snake_case), in order. */
const SPEC_HEADER = [
  'germplasm_id', 'germplasm_name', 'germplasm_display_name', 'germplasm_gid', 'germplasm_number', 'germplasm_puid',
  'entity_type_id', 'entity_type_name', 'entity_parent_id', 'entity_parent_name', 'entity_parent_general_identifier',
  'biological_status_id', 'biological_status_name', 'synonyms', 'collector_number', 'genus', 'species', 'subtaxa',
  'institutions', 'location_id', 'location', 'latitude', 'longitude', 'elevation', 'country_name', 'country_code',
  'coll_date', 'pdci', 'image_count', 'first_image_path', 'has_trials_data', 'has_genotypic_data', 'has_allelefreq_data',
  'has_pedigree_data',
];
const HEADER = SPEC_HEADER;

const STAMP = '\\d{4}-\\d{2}-\\d{2}-\\d{2}-\\d{2}-\\d{2}';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

interface Unzipped {
  name: string;
  text: string;
  disposition: string;
  status: number;
}

async function exportOf(server: TestServer, body: unknown, path = 'germplasm/table/export'): Promise<Unzipped> {
  const response = await server.api('POST', path, { body });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const names = Object.keys(files);
  expect(names).toHaveLength(1);
  return {
    name: names[0],
    text: new TextDecoder().decode(files[names[0]]),
    disposition: response.headers.get('content-disposition') ?? '',
    status: response.status,
  };
}

const lines = (text: string) => {
  expect(text.endsWith('\r\n')).toBe(true);
  const body = text.slice(0, -2);
  expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  return body.split('\r\n');
};

describe.each(testDialects())('germplasm export on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
    await seedGermplasm(server);
  });
  afterAll(async () => server?.close());

  it('names the zip and the file inside as Germinate does', async () => {
    const result = await exportOf(server, { filter: [] });
    expect(result.disposition).toMatch(new RegExp(`^attachment;filename= "germplasm-table--${STAMP}-${UUID}\\.zip"$`));
    expect(result.name).toMatch(new RegExp(`^germplasm-table-${STAMP}\\.txt$`));
  });

  it('writes the germplasm export header, CRLF lines, one row per germplasm in id order', async () => {
    const rows = lines((await exportOf(server, {})).text);
    expect(rows[0].split('\t')).toEqual(HEADER);
    expect(rows).toHaveLength(31);
    expect(rows.slice(1).map((r) => Number(r.split('\t')[0]))).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (const row of rows) expect(row.split('\t')).toHaveLength(HEADER.length);
  });

  it('writes values exactly: arrays as JSON, nulls empty, numbers plain', async () => {
    const rows = lines((await exportOf(server, { filter: [f('germplasmId', 'inSet', ['1,12'])] })).text);
    expect(rows).toHaveLength(3);
    const barke = Object.fromEntries(HEADER.map((h, i) => [h, rows[1].split('\t')[i]]));
    expect(barke).toEqual({
      germplasm_id: '1',
      germplasm_name: 'Barke',
      germplasm_display_name: 'Barke',
      germplasm_gid: 'ACC-001',
      germplasm_number: 'B1',
      germplasm_puid: 'doi:10.1/barke',
      entity_type_id: '1',
      entity_type_name: 'Accession',
      entity_parent_id: '',
      entity_parent_name: '',
      entity_parent_general_identifier: '',
      biological_status_id: '500',
      biological_status_name: 'Advanced or improved cultivar (conventional breeding methods)',
      synonyms: '["Barke-syn","BK"]',
      collector_number: 'C-1',
      genus: 'Hordeum',
      species: 'vulgare',
      subtaxa: '',
      institutions:
        '[{"id":1,"name":"IPK Gatersleben","code":"DEU146","type":"maintenance"},{"id":2,"name":"James Hutton Institute","code":"GBR165","type":"donor"}]',
      location_id: '1',
      location: 'Gatersleben',
      latitude: '51.82',
      longitude: '11.28',
      elevation: '112',
      country_name: 'Germany',
      country_code: 'DE',
      coll_date: '19960512',
      pdci: '5.5',
      // No images, trials, genotypes or pedigrees in this data: a count of 0, the rest empty.
      image_count: '0',
      first_image_path: '',
      has_trials_data: '',
      has_genotypic_data: '',
      has_allelefreq_data: '',
      has_pedigree_data: '',
    });
    // Gold: no location, no pdci, no mcpd, no synonyms, no institutions
    expect(rows[2]).toBe(['12', 'Gold', 'Gold', 'ACC-012', '12', '', '1', 'Accession', '', '', '', '', '', '', '', 'Hordeum', 'vulgare', 'spontaneum', '', '', '', '', '', '', '', '', '', '', '0', '', '', '', '', ''].join('\t'));
  });

  it('applies filters and writes a header even when nothing matches', async () => {
    const rows = lines((await exportOf(server, { filter: [f('countryCode', 'equals', ['au'])] })).text);
    expect(rows.slice(1).map((r) => r.split('\t')[0])).toEqual(['9', '13', '19', '20']);
    expect(lines((await exportOf(server, { filter: [f('germplasmName', 'equals', ['nothing'])] })).text)).toEqual([HEADER.join('\t')]);
  });

  it('restricts and renames columns by columnNameMapping, in the mapping’s order, camelCase or snake_case', async () => {
    const body = {
      columnNameMapping: { germplasmName: 'Name', germplasm_gid: 'Accession number', synonyms: 'Synonyms', noSuchColumn: 'x' },
      filter: [f('germplasmId', 'between', ['1', '2'])],
    };
    expect(lines((await exportOf(server, body)).text)).toEqual([
      'Name\tAccession number\tSynonyms',
      'Barke\tACC-001\t["Barke-syn","BK"]',
      'barke selection\tACC-002\t',
    ]);
  });

  it('falls back to every column when no mapped column exists', async () => {
    const rows = lines((await exportOf(server, { columnNameMapping: { nope: 'Nope' }, filter: [f('germplasmId', 'equals', ['3'])] })).text);
    expect(rows[0].split('\t')).toEqual(HEADER);
    expect(rows).toHaveLength(2);
  });

  it('keeps tabs and line breaks inside values and header texts from breaking rows', async () => {
    const db = germplasmDb(server);
    await db.insertInto('germinatebase').values({ id: 900, general_identifier: 'TAB', name: 'a\tb\r\nc', display_name: 'x' }).execute();
    try {
      const body = { columnNameMapping: { germplasmId: 'Id\tnumber', germplasmName: 'Name\n' }, filter: [f('germplasmId', 'equals', ['900'])] };
      expect(lines((await exportOf(server, body)).text)).toEqual(['Id number\tName ', '900\ta b c']);
    } finally {
      await db.deleteFrom('germinatebase').where('id', '=', 900).execute();
    }
  });

  it('uses forcedFileExtension for the inner file, cleaned of anything but letters and digits', async () => {
    expect((await exportOf(server, { forcedFileExtension: 'tsv' })).name).toMatch(/\.tsv$/);
    expect((await exportOf(server, { forcedFileExtension: '.csv' })).name).toMatch(/\.csv$/);
    expect((await exportOf(server, { forcedFileExtension: '../../etc/passwd' })).name).toMatch(new RegExp(`^germplasm-table-${STAMP}\\.etcpasswd$`));
    expect((await exportOf(server, { forcedFileExtension: '' })).name).toMatch(/\.txt$/);
  });

  it('refuses an unknown filter column with 400 before any file is sent', async () => {
    const response = await server.api('POST', 'germplasm/table/export', { body: { filter: [f('nope', 'equals', ['x'])] } });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ reasonPhrase: 'BAD_REQUEST_UNKNOWN_COLUMN' });
  });

  it('exports the attribute table with ISO timestamps', async () => {
    const result = await exportOf(server, { filter: [f('germplasmId', 'equals', ['10'])] }, 'germplasm/attribute/export');
    expect(result.name).toMatch(new RegExp(`^germplasm-attributes-table-${STAMP}\\.txt$`));
    const rows = lines(result.text);
    const header = rows[0].split('\t');
    expect(header.slice(0, 3)).toEqual(['attribute_value_id', 'germplasm_id', 'germplasm_gid']);
    const values = rows.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r.split('\t')[i]])));
    expect(values.map((v) => [v.attribute_value_id, v.attribute_name, v.attribute_value])).toEqual([
      ['4', 'Colour', 'Grün'],
      ['5', 'Height', '101'],
    ]);
    expect(values[0].created_on).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});

describe.each(testDialects())('large germplasm export on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
    await seedGermplasm(server);
    await seedMany(server, 5000, 1001);
  });
  afterAll(async () => server?.close());

  it('writes all 5,030 rows once each, in id order, across batches', async () => {
    const rows = lines((await exportOf(server, { columnNameMapping: { germplasmId: 'id', germplasmName: 'name' } })).text);
    expect(rows[0]).toBe('id\tname');
    const ids = rows.slice(1).map((r) => Number(r.split('\t')[0]));
    expect(ids).toHaveLength(5030);
    expect(ids.slice(0, 31)).toEqual([...Array.from({ length: 30 }, (_, i) => i + 1), 1001]);
    expect(ids[ids.length - 1]).toBe(6000);
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThan(ids[i - 1]);
    expect(rows[31]).toBe('1001\tBulk 1001');
  });

  it('applies a filter across batches', async () => {
    const rows = lines((await exportOf(server, { columnNameMapping: { germplasmId: 'id' }, filter: [f('pdci', 'equals', ['0'])] })).text);
    // pdci = id % 11 for the bulk rows (1001 … 6000), plus Zebra (13) with pdci 0
    const expected = [13, ...Array.from({ length: 5000 }, (_, i) => 1001 + i).filter((id) => id % 11 === 0)];
    expect(rows.slice(1).map(Number)).toEqual(expected);
  });
});
