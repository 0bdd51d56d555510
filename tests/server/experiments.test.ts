import { strFromU8, unzipSync } from 'fflate';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreTables } from '../../src/server/db/tables.js';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

type Row = Record<string, unknown> & { experimentId: number; experimentName: string };
const ROLES = ['regular', 'curator', 'admin'] as const;
type Caller = 'anonymous' | (typeof ROLES)[number];

/**
 * Experiments on the real server: `experiment/table` with the dataset counts each caller may see, creation by
 * curators, editing and deletion by administrators only (deleting moves the datasets to the Generic
 * Experiment), and bad input as clear 400s and 404s.
 */
describe.each(testDialects())('experiments on %s', (dialect) => {
  let server: TestServer;
  let db: Kysely<CoreTables>;
  const tokens: Record<Caller, string | null> = { anonymous: null, regular: null, curator: null, admin: null };
  let field: number;
  let lab: number;
  const datasetIds: number[] = [];

  const dataset = async (experimentId: number, name: string, typeId: number, state: number, external = 0) => {
    const row = await db
      .insertInto('datasets')
      .values({ experiment_id: experimentId, datasettype_id: typeId, name, description: null, date_start: null, date_end: null, source_file: null, datatype: null, dublin_core: null, version: null, created_by: null, dataset_state_id: state, license_id: null, is_external: external, hyperlink: null, contact: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    datasetIds.push(row.id);
    return row.id;
  };

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    db = server.app.database.db as Kysely<CoreTables>;
    for (const role of ROLES) tokens[role] = await server.login(role, passwordOf(role));
    const experiment = async (name: string, date: string | null) =>
      (await db.insertInto('experiments').values({ experiment_name: name, user_id: null, project_id: null, description: `${name} description`, experiment_date: date }).returning('id').executeTakeFirstOrThrow()).id;
    field = await experiment('Field season 2024', '2024-05-01');
    lab = await experiment('Lab work', null);
    await dataset(field, 'Yield trial', 3, 1);
    await dataset(field, 'Second trial', 3, 1);
    await dataset(field, 'Private trial', 3, 2);
    await dataset(field, 'Linked elsewhere', 3, 1, 1);
    await dataset(field, 'Markers', 1, 1);
    await dataset(field, 'Pedigree', 7, 1);
    await dataset(lab, 'Weather', 5, 1);
  });
  afterAll(async () => server?.close());

  const table = async (caller: Caller, body: unknown = {}) => {
    const response = await server.api('POST', 'experiment/table', { token: tokens[caller], body });
    expect(response.status).toBe(200);
    return (await response.json()) as { data: Row[]; count: number };
  };

  it('lists every experiment with the counts of the datasets the caller sees, by type', async () => {
    const anonymous = await table('anonymous', { orderBy: 'experimentId', ascending: 1 });
    expect(anonymous.count).toBe(2);
    expect(anonymous.data[0]).toMatchObject({
      experimentId: field,
      experimentName: 'Field season 2024',
      experimentDescription: 'Field season 2024 description',
      trialsCount: 2,
      genotypeCount: 1,
      pedigreeCount: 1,
      climateCount: 0,
      alleleFreqCount: 0,
    });
    expect(String(anonymous.data[0].experimentDate)).toMatch(/^2024-05-01/);
    expect(anonymous.data[1]).toMatchObject({ experimentId: lab, climateCount: 1, trialsCount: 0 });
    // The private dataset counts for an administrator only (no permission was granted to anyone else).
    expect((await table('regular', { orderBy: 'experimentId', ascending: 1 })).data[0].trialsCount).toBe(2);
    expect((await table('admin', { orderBy: 'experimentId', ascending: 1 })).data[0].trialsCount).toBe(3);
  });

  it('answers the table and its ids for every role', async () => {
    for (const caller of ['anonymous', 'regular', 'curator', 'admin'] as const) {
      for (const apiPath of ['experiment/table', 'experiment/table/ids']) {
        const response = await server.api('POST', apiPath, { token: tokens[caller], body: {} });
        expect(response.status, `${apiPath} as ${caller}`).toBe(200);
        expect(((await response.json()) as { count: number }).count).toBe(2);
      }
    }
  });

  it('filters and sorts like every table, and finds one experiment by id as Germinate\'s client does', async () => {
    const one = await table('anonymous', { filter: [{ column: 'experimentId', comparator: 'equals', values: [String(lab)] }] });
    expect(one.data.map((r) => r.experimentName)).toEqual(['Lab work']);
    const sorted = await table('anonymous', { orderBy: 'trialsCount', ascending: 0 });
    expect(sorted.data.map((r) => r.experimentId)).toEqual([field, lab]);
    const ids = await server.api('POST', 'experiment/table/ids', { body: { filter: [{ column: 'experimentName', comparator: 'contains', values: ['field'] }] } });
    expect(await ids.json()).toEqual({ data: [field], count: 1 });
  });

  it('exports the table with the counts the caller sees', async () => {
    const response = await server.api('POST', 'experiment/table/export', { body: { filter: [{ column: 'experimentId', comparator: 'equals', values: [String(field)] }] } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const [text] = Object.values(files).map((bytes) => strFromU8(bytes));
    const [header, row, end] = text.split('\r\n');
    expect(header.split('\t')).toContain('trials_count');
    expect(row.split('\t')[header.split('\t').indexOf('trials_count')]).toBe('2');
    expect(row).toContain('Field season 2024');
    expect(end).toBe('');
  });

  it('lets curators and administrators create experiments, nobody else', async () => {
    const body = { experimentName: 'Glasshouse', experimentDescription: 'Pots', experimentDate: '2025-02-03' };
    expect((await server.api('PUT', 'experiment', { body })).status).toBe(401);
    expect((await server.api('PUT', 'experiment', { token: tokens.regular, body })).status).toBe(403);
    for (const role of ['curator', 'admin'] as const) {
      const response = await server.api('PUT', 'experiment', { token: tokens[role], body: { ...body, experimentName: `Glasshouse ${role}` } });
      expect(response.status).toBe(200);
      const id = (await response.json()) as number;
      const row = await db.selectFrom('experiments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ experiment_name: `Glasshouse ${role}`, description: 'Pots', experiment_date: '2025-02-03' });
      await db.deleteFrom('experiments').where('id', '=', id).execute();
    }
  });

  it('refuses malformed experiments with Germinate\'s messages', async () => {
    const put = (body: unknown) => server.api('PUT', 'experiment', { token: tokens.curator, body });
    const refused = async (response: Response, status: number, message: string) => {
      expect(response.status).toBe(status);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    };
    await refused(await put({ experimentId: lab, experimentName: 'Again' }), 409, 'Experiment ID provided on a creation call.');
    await refused(await put({ experimentDescription: 'no name' }), 400, 'Invalid payload parameters');
    await refused(await put({ experimentName: '   ' }), 400, 'Invalid payload parameters');
    await refused(await put({ experimentName: 42 }), 400, 'Invalid payload parameters');
    await refused(await put({ experimentName: 'Bad day', experimentDate: '2025-02-30' }), 400, 'experimentDate is not a date');
    await refused(await put({ experimentName: 'x'.repeat(256) }), 400, 'Invalid payload parameters');
    await refused(await server.api('PUT', 'experiment', { token: tokens.curator, raw: '{"experimentName":' }), 400, '');
    expect(await db.selectFrom('experiments').select('id').execute()).toHaveLength(2);
  });

  it('lets only administrators edit, with the id of the path in the body', async () => {
    const body = { experimentId: lab, experimentName: 'Lab work 2', experimentDescription: null, experimentDate: '2023-11-30' };
    expect((await server.api('PATCH', `experiment/${lab}`, { body })).status).toBe(401);
    expect((await server.api('PATCH', `experiment/${lab}`, { token: tokens.regular, body })).status).toBe(403);
    expect((await server.api('PATCH', `experiment/${lab}`, { token: tokens.curator, body })).status).toBe(403);
    expect((await server.api('PATCH', `experiment/${lab}`, { token: tokens.admin, body: { ...body, experimentId: field } })).status).toBe(400);
    expect((await server.api('PATCH', `experiment/${lab}`, { token: tokens.admin, body: { experimentId: lab } })).status).toBe(400);
    expect((await server.api('PATCH', 'experiment/999999', { token: tokens.admin, body: { ...body, experimentId: 999999 } })).status).toBe(404);
    expect((await server.api('PATCH', 'experiment/abc', { token: tokens.admin, body })).status).toBe(404);
    const response = await server.api('PATCH', `experiment/${lab}`, { token: tokens.admin, body });
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);
    const row = await db.selectFrom('experiments').selectAll().where('id', '=', lab).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ experiment_name: 'Lab work 2', description: null, experiment_date: '2023-11-30' });
    const audit = await db.selectFrom('audit_log').select(['action', 'target']).where('action', '=', 'experiment.update').execute();
    expect(audit).toEqual([{ action: 'experiment.update', target: `experiment ${lab}` }]);
  });

  it('lets only administrators delete, moving the datasets to the Generic Experiment', async () => {
    expect((await server.api('DELETE', `experiment/${field}`)).status).toBe(401);
    expect((await server.api('DELETE', `experiment/${field}`, { token: tokens.regular })).status).toBe(403);
    expect((await server.api('DELETE', `experiment/${field}`, { token: tokens.curator })).status).toBe(403);
    expect((await server.api('DELETE', 'experiment/999999', { token: tokens.admin })).status).toBe(404);
    expect((await server.api('DELETE', 'experiment/-1', { token: tokens.admin })).status).toBe(404);
    const before = await db.selectFrom('datasets').select('id').where('experiment_id', '=', field).orderBy('id').execute();
    const response = await server.api('DELETE', `experiment/${field}`, { token: tokens.admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);
    expect(await db.selectFrom('experiments').select('id').where('id', '=', field).execute()).toEqual([]);
    const generic = await db.selectFrom('experiments').selectAll().where('experiment_name', '=', 'Generic Experiment').executeTakeFirstOrThrow();
    const moved = await db.selectFrom('datasets').select('id').where('experiment_id', '=', generic.id).orderBy('id').execute();
    expect(moved.map((d) => d.id)).toEqual(before.map((d) => d.id));
    expect(await db.selectFrom('datasets').select('id').execute()).toHaveLength(datasetIds.length);

    // Deleting the Generic Experiment itself keeps its datasets too: they go to a new one.
    expect((await server.api('DELETE', `experiment/${generic.id}`, { token: tokens.admin })).status).toBe(200);
    const next = await db.selectFrom('experiments').selectAll().where('experiment_name', '=', 'Generic Experiment').executeTakeFirstOrThrow();
    expect(next.id).not.toBe(generic.id);
    expect(await db.selectFrom('datasets').select('id').where('experiment_id', '=', next.id).execute()).toHaveLength(before.length);
  });
});
