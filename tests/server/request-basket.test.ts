import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BasketAnswer } from '../../src/plugins/request-basket/schema.js';
import { testDialects } from '../support/databases.js';
import { germplasmDb, seedGermplasm } from '../support/seed.js';
import { startServer, type TestServer } from '../support/server.js';

/**
 * The request basket: marked germplasm grouped by holding institute with MLS status, storage and availability,
 * and its request form as xlsx and CSV. The seed's holders: 1 and 2 IPK (DEU146, maintenance link); 4 gets an
 * INSTCODE without a link; 10 and 28 (a plant) have none.
 */

const ASKED = [10, 1, 4, 28, 2, 999_999];

async function prepare(server: TestServer): Promise<void> {
  await seedGermplasm(server);
  const db = germplasmDb(server);
  await db.updateTable('mcpd').set({ storage: '13;20', mlsstat: 1 }).where('germinatebase_id', '=', 1).execute();
  await db.updateTable('mcpd').set({ instcode: 'ECU999', storage: '12', mlsstat: 99, remarks: 'under development' }).where('germinatebase_id', '=', 4).execute();
  await db.updateTable('mcpd').set({ mlsstat: 0, storage: '=cmd' }).where('germinatebase_id', '=', 10).execute();
  await db.insertInto('attributes').values({ id: 90, name: 'AVAILABILITY', description: null, datatype: 'text', target_table: 'germinatebase' }).execute();
  await db.insertInto('attributedata').values({ id: 90, attribute_id: 90, foreign_id: 1, value: 'available' }).execute();
}

describe.each(testDialects())('request basket on %s', (dialect) => {
  let server: TestServer;
  let full: TestServer;
  beforeAll(async () => {
    [server, full] = await Promise.all([startServer(dialect), startServer(dialect, { authMode: 'FULL' })]);
    await prepare(server);
  });
  afterAll(async () => Promise.all([server?.close(), full?.close()]));

  const post = (path: string, body: unknown, on = server) => on.api('POST', path, { body });

  it('groups the germplasm by holding institute, with codes, notes and availability', async () => {
    const response = await post('request-basket/table', { germplasmIds: ASKED });
    expect(response.status).toBe(200);
    const basket = (await response.json()) as BasketAnswer;
    expect(basket.missingIds).toEqual([999_999]);
    expect(basket.institutes.map((i) => [i.key, i.code, i.name, i.countryCode, i.accessions.map((a) => a.germplasmId)])).toEqual([
      ['cECU999', 'ECU999', null, null, [4]],
      ['i1', 'DEU146', 'IPK Gatersleben', 'DE', [1, 2]],
      ['none', null, null, null, [10, 28]],
    ]);
    const [ecu, ipk, none] = basket.institutes;
    expect(ipk.accessions[0]).toMatchObject({ accessionNumber: 'ACC-001', name: 'Barke', mlsStatus: 1, storage: ['13', '20'], availability: 'available', notes: [] });
    expect(ipk.accessions[1]).toMatchObject({ accessionNumber: 'ACC-002', mlsStatus: null, storage: [], availability: null, notes: ['mlsMissing', 'storageMissing'] });
    expect(ecu.accessions[0]).toMatchObject({ mlsStatus: 99, storage: ['12'], remarks: 'under development', notes: ['mlsOther'] });
    expect(none.accessions[0].notes).toEqual(['mlsNotIncluded', 'holderMissing']);
    expect(none.accessions[1]).toMatchObject({ accessionNumber: 'P-28', entityTypeName: 'Plant/Plot', notes: ['mlsMissing', 'storageMissing', 'holderMissing', 'notAccession'] });
  });

  it('exports the request form as xlsx: a cover sheet with the requester, one sheet per institute', async () => {
    const requester = { name: 'Ada Lovelace', email: 'ada@example.org', purpose: 'Drought screening' };
    const response = await post('request-basket/export', { germplasmIds: ASKED, format: 'xlsx', requester });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="request-all-\d{4}-\d\d-\d\d\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Request', 'ECU999', 'DEU146', 'No institute']);
    const cover = workbook.getWorksheet('Request');
    expect(cover?.getRow(3).values).toEqual([undefined, 'Requester', 'Ada Lovelace']);
    expect(cover?.getRow(5).values).toEqual([undefined, 'Purpose', 'Drought screening']);
    expect(cover?.getRow(7).values).toEqual([undefined, 'Accessions', 5]);
    const ipk = workbook.getWorksheet('DEU146');
    const header = ipk?.getRow(1).values as unknown[];
    const row = ipk?.getRow(2).values as unknown[];
    const cell = (name: string) => row[header.indexOf(name)];
    expect([cell('INSTCODE'), cell('Holding institute'), cell('Country'), cell('ACCENUMB'), cell('MLSSTAT'), cell('MLS status')]).toEqual(['DEU146', 'IPK Gatersleben', 'Germany', 'ACC-001', 1, 'Yes (included)']);
    expect([cell('STORAGE'), cell('Storage'), cell('Availability')]).toEqual(['13;20', '13 Long term; 20 Field collection', 'available']);
  });

  it('exports one CSV with the institute in its columns, for all or one institute, never a formula', async () => {
    const all = await post('request-basket/export', { germplasmIds: ASKED, format: 'csv' });
    expect(all.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await all.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe('INSTCODE,Holding institute,Country,ACCENUMB,Name,PUID,Taxon,Entity type,MLSSTAT,MLS status,STORAGE,Storage,Availability,Remarks,Notes');
    expect(lines[4]).toContain(",No holding institute recorded,,ACC-010,Golden Promise,");
    expect(lines[4]).toContain(",0,No (not included),'=cmd,'=cmd (unknown code),");
    const one = await post('request-basket/export', { germplasmIds: ASKED, format: 'csv', institute: 'i1' });
    expect(one.headers.get('content-disposition')).toMatch(/filename="request-DEU146-/);
    expect((await one.text()).trimEnd().split('\r\n')).toHaveLength(3);
  });

  it('answers bad input with a clear 400', async () => {
    const cases: [unknown, string][] = [
      [{ germplasmIds: [] }, 'germplasmIds must list at least one germplasm id.'],
      [{ germplasmIds: Array.from({ length: 10_001 }, (_, i) => i + 1) }, 'germplasmIds may list at most 10,000 germplasm ids.'],
      [{ germplasmIds: [1, 'x'] }, 'germplasmIds must hold positive whole numbers (germplasm ids) only.'],
      [{ germplasmIds: [1, 2.5] }, 'germplasmIds must hold positive whole numbers (germplasm ids) only.'],
      [{ germplasmIds: '1,2' }, 'germplasmIds must be a list of germplasm ids.'],
      [{}, 'germplasmIds must be a list of germplasm ids.'],
    ];
    for (const [body, message] of cases) {
      for (const path of ['request-basket/table', 'request-basket/export']) {
        const response = await post(path, path.endsWith('export') && typeof body === 'object' ? { ...(body as object), format: 'csv' } : body);
        expect(response.status, `${path} ${JSON.stringify(body).slice(0, 40)}`).toBe(400);
        expect(((await response.json()) as { message: string }).message).toBe(message);
      }
    }
    const wrong: [unknown, string][] = [
      [{ germplasmIds: [1], format: 'pdf' }, "format must be 'xlsx' or 'csv'."],
      [{ germplasmIds: [1], format: 'csv', requester: { name: 'x'.repeat(201) } }, 'requester takes name and email (at most 200 characters each) and purpose (at most 2,000 characters).'],
      [{ germplasmIds: [1], format: 'csv', institute: 'i3' }, 'institute must be the key of one institute of the basket.'],
    ];
    for (const [body, message] of wrong) {
      const response = await post('request-basket/export', body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
  });

  it('honours the access rules of germplasm/table: under FULL only with a valid token', async () => {
    for (const path of ['request-basket/table', 'request-basket/export']) {
      expect((await post(path, { germplasmIds: [1], format: 'csv' }, full)).status).toBe(401);
      const token = await full.login('regular', 'regular-password-1');
      const response = await full.api('POST', path, { token, body: { germplasmIds: [1], format: 'csv' } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  });
});
