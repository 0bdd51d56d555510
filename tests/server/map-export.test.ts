import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { javaDouble, mapFileWriter } from '../../src/plugins/genotypes/maps/export-format.js';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { seedGenotypes, type GenotypesSeed } from '../support/genotypes-seed.js';

/** The seeded consensus map's definitions as each format writes them, in chromosome, position, id order. */
const ROWS: [marker: string, chromosome: string, start: string, end: string, feature: string][] = [
  ['SCRI_RS_1001', '1H', '0.0', '', 'SNP'],
  ['SCRI_RS_1002', '1H', '12.0', '12.0', 'SNP'],
  ['Ämarker_11', '1H', '12.0', '', 'SNP'],
  ['SCRI_RS_2003', '1H', '35.5', '36.25', 'QTL'],
  ['Shared_8', '2H', '5.0E-4', '', 'SNP'],
  ['BOPA1_4', '2H', '1234567.0', '1234567.0', 'SNP'],
  ['BOPA1_5', '2H', '1.2345678E7', '', 'SNP'],
  ['bopa2_6', '3H', '7.0', '7.0', 'QTL'],
];
type Row = (typeof ROWS)[number];
const FLAPJACK_HEADER = '# fjFile = MAP\r\n';
const flapjack = (rows: Row[]) => FLAPJACK_HEADER + rows.map(([m, c, s]) => `${m}\t${c}\t${s}\r\n`).join('');
const mapchart = (rows: Row[]) => {
  let current = '';
  let text = '; Consensus 2024\n\n';
  for (const [m, c, s] of rows) {
    if (c !== current) text += `group ${c}\n`;
    current = c;
    text += `${m}\t${s}\n`;
  }
  return text;
};
const strudel = (rows: Row[]) => rows.map(([m, c, s, e, t]) => `feature\tConsensus 2024\t${c}\t${m}\t${t}\t${s}\t${e}\tImported from Germinate!\n`).join('');
const only = (...markers: string[]) => ROWS.filter(([m]) => markers.includes(m));

describe('map file formats', () => {
  it('writes numbers as Java\'s Double.toString does', () => {
    const cases: [number, string][] = [
      [0, '0.0'], [-0, '-0.0'], [12, '12.0'], [35.5, '35.5'], [-2.5, '-2.5'], [0.001, '0.001'], [0.0005, '5.0E-4'],
      [9999999, '9999999.0'], [1e7, '1.0E7'], [12345678, '1.2345678E7'], [1.5e-10, '1.5E-10'], [123456789012, '1.23456789012E11'],
    ];
    for (const [value, text] of cases) expect(javaDouble(value), String(value)).toBe(text);
  });

  it('ends a Strudel file with the map\'s link when the client\'s address is known', () => {
    const writer = mapFileWriter('strudel', { id: 4, name: 'M' }, 'https://germinate.example.org/');
    expect(writer.header()).toBe('');
    expect(writer.row({ markerName: 'a', chromosome: '1', start: 1, end: null, featureType: null })).toBe('feature\tM\t1\ta\t\t1.0\t\tImported from Germinate!\n');
    expect(writer.footer()).toBe('URL\tM\thttps://germinate.example.org/data/genotypes/maps/4');
    expect(mapFileWriter('strudel', { id: 4, name: 'M' }, null).footer()).toBe('');
  });
});

/** `POST map/{mapId}/export` on both databases: byte-exact files for each format and method, refusals, visibility. */
describe.each(testDialects())('map export on %s', (dialect) => {
  let server: TestServer;
  let seed: GenotypesSeed;
  let regular: string;

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    seed = await seedGenotypes(server);
    regular = await server.login('regular', passwordOf('regular'));
  });
  afterAll(async () => server?.close());

  const exported = async (body: unknown, options: { mapId?: number; token?: string } = {}) => {
    const mapId = options.mapId ?? seed.maps.consensus;
    const response = await server.api('POST', `map/${mapId}/export`, { body, token: options.token });
    const text = await response.text();
    return { status: response.status, text, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition') };
  };
  const file = async (body: unknown, options: { mapId?: number; token?: string } = {}) => {
    const answer = await exported(body, options);
    expect(answer.status, answer.text).toBe(200);
    return answer.text;
  };

  it('writes the whole map in each format, as a text download named map-<id>-<uuid>.tsv', async () => {
    const answer = await exported({ format: 'flapjack' });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(flapjack(ROWS));
    expect(answer.type).toMatch(/^text\/plain/);
    expect(answer.disposition).toMatch(new RegExp(`^attachment; filename="map-${seed.maps.consensus}-[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\\.tsv"$`));
    expect(await file({ format: 'mapchart' })).toBe(mapchart(ROWS));
    expect(await file({ format: 'strudel' })).toBe(strudel(ROWS));
    // Names are matched without regard to case; an unknown name gets Flapjack's format, as in Germinate.
    expect(await file({ format: 'MapChart' })).toBe(mapchart(ROWS));
    expect(await file({ format: 'tsv' })).toBe(flapjack(ROWS));
  });

  it('subsets by chromosomes (in the map\'s order) and by regions (OR-ed)', async () => {
    expect(await file({ format: 'flapjack', method: 'chromosomes', chromosomes: ['3H', '1H', '9H'] })).toBe(flapjack([...ROWS.slice(0, 4), ROWS[7]]));
    expect(await file({ format: 'mapchart', method: 'CHROMOSOMES', chromosomes: ['2H'] })).toBe(mapchart(ROWS.slice(4, 7)));
    const regions = [
      { chromosome: '1H', start: 10, end: 13 },
      { chromosome: '2H', start: 0, end: 1 },
      { chromosome: '1H', start: 35, end: 37 },
    ];
    expect(await file({ format: 'flapjack', method: 'regions', regions })).toBe(flapjack(only('SCRI_RS_1002', 'Ämarker_11', 'SCRI_RS_2003', 'Shared_8')));
    // A definition must end inside the region too: 35.5–36.25 is not inside 35–36.
    expect(await file({ format: 'strudel', method: 'regions', regions: [{ chromosome: '1H', start: 35, end: 36 }] })).toBe('');
  });

  it('subsets between two markers of one chromosome, in either order; markers on two chromosomes give an empty export', async () => {
    expect(await file({ format: 'flapjack', method: 'markerIdInterval', markerIdInterval: [3, 1] })).toBe(flapjack(ROWS.slice(0, 4)));
    expect(await file({ format: 'flapjack', method: 'markeridinterval', markerIdInterval: [1, 2] })).toBe(flapjack(ROWS.slice(0, 3)));
    expect(await file({ format: 'flapjack', method: 'markerIdInterval', markerIdInterval: [1, 4] })).toBe(FLAPJACK_HEADER);
    expect(await file({ format: 'mapchart', method: 'markerIdInterval', markerIdInterval: [1, 4] })).toBe('; Consensus 2024\n\n');
    expect(await file({ format: 'strudel', method: 'markerIdInterval', markerIdInterval: [1, 4] })).toBe('');
  });

  it('subsets within a distance left and right of a marker', async () => {
    expect(await file({ format: 'flapjack', method: 'radius', radius: { markerId: 2, left: 12, right: 0 } })).toBe(flapjack(ROWS.slice(0, 3)));
    expect(await file({ format: 'strudel', method: 'radius', radius: { markerId: 4, left: 0, right: 11_111_111 } })).toBe(strudel(ROWS.slice(5, 7)));
  });

  it.each<[string, unknown]>([
    ['no body', undefined],
    ['no format', {}],
    ['an empty format', { format: '' }],
    ['a format that is no text', { format: 3 }],
    ['chromosomes without a list', { format: 'flapjack', method: 'chromosomes' }],
    ['chromosomes with an empty list', { format: 'flapjack', method: 'chromosomes', chromosomes: [] }],
    ['regions without regions', { format: 'flapjack', method: 'regions', regions: [] }],
    ['a region without an end', { format: 'flapjack', method: 'regions', regions: [{ chromosome: '1H', start: 5 }] }],
    ['a region ending before its start', { format: 'flapjack', method: 'regions', regions: [{ chromosome: '1H', start: 5, end: 4 }] }],
    ['an interval of one marker', { format: 'flapjack', method: 'markerIdInterval', markerIdInterval: [1] }],
    ['an interval marker not on the map', { format: 'flapjack', method: 'markerIdInterval', markerIdInterval: [1, 7] }],
    ['a radius without right', { format: 'flapjack', method: 'radius', radius: { markerId: 1, left: 1 } }],
    ['a negative radius', { format: 'flapjack', method: 'radius', radius: { markerId: 1, left: -1, right: 1 } }],
    ['a radius marker not on the map', { format: 'flapjack', method: 'radius', radius: { markerId: 10, left: 1, right: 1 } }],
    ['an unknown method', { format: 'flapjack', method: 'everything' }],
  ])('refuses %s with a 400 that says why', async (_label, body) => {
    const answer = await exported(body);
    expect(answer.status).toBe(400);
    const error = JSON.parse(answer.text) as { message?: string };
    expect(error.message ?? '').not.toBe('');
    expect(answer.disposition).toBeNull();
  });

  it('answers an empty file for a map the caller does not see, or no map at all', async () => {
    const hidden = await exported({ format: 'mapchart' }, { mapId: seed.maps.regularPrivate });
    expect(hidden).toMatchObject({ status: 200, text: '' });
    expect(hidden.disposition).toMatch(new RegExp(`^attachment; filename="map-${seed.maps.regularPrivate}-.+\\.tsv"$`));
    expect(await file({ format: 'mapchart' }, { mapId: seed.maps.regularPrivate, token: regular })).toBe('; Regular private\n\ngroup 1H\nOrphan_7\t1.0\nShared_8\t2.0\nInData_9\t3.0\n');
    expect(await file({ format: 'flapjack' }, { mapId: 999_999 })).toBe('');
    expect(await file({ format: 'flapjack' }, { mapId: seed.maps.empty })).toBe(FLAPJACK_HEADER);
    expect((await exported({ format: 'flapjack' }, { mapId: 'abc' as unknown as number })).status).toBe(404);
  });

  it('pages through a large map without losing or repeating definitions at page boundaries', async () => {
    const db = server.db.database.db as unknown as Kysely<unknown>;
    const size = 12_003;
    const first = 100_000;
    const mapId = Number((await sql<{ id: number }>`INSERT INTO maps (name, visibility) VALUES ('Big', 1) RETURNING id`.execute(db)).rows[0].id);
    for (let start = 0; start < size; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, size - start) }, (_, i) => first + start + i);
      await sql`INSERT INTO markers (id, markertype_id, marker_name) VALUES ${sql.join(batch.map((id) => sql`(${id}, ${seed.markerTypes.snp}, ${`big-${id}`})`))}`.execute(db);
      // Seven definitions share each position, so that pages end inside runs of equal positions.
      await sql`INSERT INTO mapdefinitions (mapfeaturetype_id, marker_id, map_id, definition_start, chromosome)
        VALUES ${sql.join(batch.map((id) => sql`(1, ${id}, ${mapId}, ${Math.floor((size - (id - first)) / 7) / 4}, ${(id - first) % 2 === 0 ? 'A' : 'B'})`))}`.execute(db);
    }
    const text = await file({ format: 'flapjack' }, { mapId });
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('# fjFile = MAP');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1).map((line) => line.split('\t'));
    expect(rows).toHaveLength(size);
    expect(new Set(rows.map(([name]) => name)).size).toBe(size);
    // Each chromosome in turn, by position, then by id (insertion order) among equal positions.
    const key = ([name, chromosome, position]: string[]) => [chromosome, Number(position), Number(name.slice(4))] as const;
    const sorted = [...rows].sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      return ka[0].localeCompare(kb[0]) || ka[1] - kb[1] || ka[2] - kb[2];
    });
    expect(rows).toEqual(sorted);
    const onA = rows.filter(([, chromosome]) => chromosome === 'A');
    expect(onA).toHaveLength(Math.ceil(size / 2));
    // The export reads 5000 definitions a page: its first page of A ends inside a run of equal positions.
    expect(onA[4999][2]).toBe(onA[5000][2]);
  });
});
