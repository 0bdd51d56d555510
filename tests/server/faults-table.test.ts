import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_LIMITS } from '../../src/core/table-request.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { f, idsFor, leaks, seedGermplasm } from '../support/seed.js';

interface ErrorAnswer {
  statusCode: number;
  reasonPhrase?: string;
  message?: string;
}

const NUL = '\u0000';
const range = (count: number, first = 1) => Array.from({ length: count }, (_, i) => first + i);

/**
 * Requests a probe sent to table calls: values the databases refuse (NUL on PostgreSQL, a LIKE pattern over
 * SQLite's limit, a condition deeper than SQLite allows) are 400s with Germinate's reason phrase, never 500s.
 */
describe.each(testDialects())('table request limits on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    await seedGermplasm(server);
    admin = await server.login('admin', passwordOf('admin'));
  });
  afterAll(async () => server?.close());

  async function rejected(method: string, path: string, options: { body?: unknown; token?: string }): Promise<ErrorAnswer> {
    const response = await server.api(method, path, options);
    const text = await response.text();
    expect(response.status, `${method} ${path}: ${text.slice(0, 300)}`).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(leaks(text)).toEqual([]);
    const body = JSON.parse(text) as ErrorAnswer;
    expect(body.reasonPhrase).toBe('BAD_REQUEST_INVALID_PAYLOAD');
    return body;
  }

  it('refuses NUL in a filter value, column or orderBy', async () => {
    for (const filter of [
      f('germplasmName', 'equals', [`barke${NUL}`]),
      f('germplasmName', 'contains', [NUL]),
      f('germplasmName', 'inSet', [`a,b${NUL}`]),
      f('germplasmName', 'between', ['a', `z${NUL}`]),
      f('synonyms', 'jsonSearch', [`x${NUL}`]),
      f(`germplasmName${NUL}`, 'equals', ['x']),
    ]) {
      for (const path of ['germplasm/table', 'germplasm/table/ids', 'germplasm/table/export', 'comment/table']) {
        const body = await rejected('POST', path, { body: { filter: [filter] } });
        expect(body.message).toContain('NUL');
      }
    }
    await rejected('POST', 'germplasm/table', { body: { orderBy: `germplasmName${NUL}`, ascending: 1 } });
  });

  it('refuses NUL in any request text: other JSON bodies, query strings, path parameters', async () => {
    const regular = await server.login('regular', passwordOf('regular'));
    const user = await server.db.database.db.selectFrom('users').select('id').where('username', '=', 'regular').executeTakeFirstOrThrow();
    await rejected('PUT', 'comment', { token: regular, body: { commenttypeId: 1, userId: user.id, referenceId: 1, description: `a${NUL}b` } });
    await rejected('POST', 'token', { body: { username: `admin${NUL}`, password: 'x' } });
    await rejected('GET', `feedback/1/img?token=${encodeURIComponent(NUL)}`, {});
    await rejected('GET', `germplasm/${encodeURIComponent(`1${NUL}`)}`, {});
    // The texts around it still work.
    expect((await server.api('POST', 'germplasm/table', { body: { filter: [f('germplasmName', 'equals', ['barke'])] } })).status).toBe(200);
  });

  it('refuses a contains value of 100,000 characters and takes one of the limit', async () => {
    const body = await rejected('POST', 'germplasm/table', { body: { filter: [f('germplasmName', 'contains', ['x'.repeat(100_000)])] } });
    expect(body.message).toContain(`at most ${TABLE_LIMITS.valueLength} characters`);
    await rejected('POST', 'germplasm/table', { body: { filter: [f('germplasmName', 'equals', ['x'.repeat(TABLE_LIMITS.valueLength + 1)])] } });
    expect(await idsFor(server, [f('germplasmName', 'contains', ['%'.repeat(TABLE_LIMITS.valueLength)])])).toHaveLength(30);
    expect(await idsFor(server, [f('germplasmName', 'contains', ['x'.repeat(TABLE_LIMITS.valueLength)])])).toEqual([]);
  });

  it('refuses 2,000 filters, and 51, and takes 50', async () => {
    const many = (count: number) => range(count).map(() => f('germplasmName', 'contains', ['a'], 'or'));
    const body = await rejected('POST', 'germplasm/table', { body: { filter: many(2000) } });
    expect(body.message).toContain(`at most ${TABLE_LIMITS.filters} filters`);
    await rejected('POST', 'germplasm/table', { body: { filter: many(TABLE_LIMITS.filters + 1) } });
    const ors = range(TABLE_LIMITS.filters).map((id) => f('germplasmId', 'equals', [id], 'or'));
    expect(await idsFor(server, ors)).toEqual(range(30));
  });

  it('limits the values of a filter: two slots are sent, a few ids for arrayContains', async () => {
    await rejected('POST', 'germplasm/table', { body: { filter: [f('synonyms', 'arrayContains', range(TABLE_LIMITS.values + 1).map(String))] } });
    await rejected('POST', 'germplasm/table', { body: { filter: [f('synonyms', 'jsonSearch', range(2000).map((i) => `s${i}`))] } });
    expect(await idsFor(server, [f('synonyms', 'arrayContains', ['BK', ...range(TABLE_LIMITS.values - 1).map((i) => `zz${i}`)])])).toEqual([1]);
  });

  it("takes inSets of marked items up to the limit (Germinate's client sends every marked id), in either form", async () => {
    const ids = range(TABLE_LIMITS.setMembers);
    expect(await idsFor(server, [f('germplasmId', 'inSet', ids)])).toEqual(range(30));
    expect(await idsFor(server, [f('germplasmId', 'inSet', [ids.join(','), null])])).toEqual(range(30));
    const over = range(TABLE_LIMITS.setMembers + 1);
    const body = await rejected('POST', 'germplasm/table', { body: { filter: [f('germplasmId', 'inSet', over)] } });
    expect(body.message).toContain(`at most ${TABLE_LIMITS.setMembers} values`);
    await rejected('POST', 'germplasm/table/ids', { body: { filter: [f('germplasmId', 'inSet', [over.join(',')])] } });
    await rejected('POST', 'germplasm/table', { body: { filter: [f('germplasmName', 'inSet', [`barke,${'x'.repeat(TABLE_LIMITS.valueLength + 1)}`])] } });
  });

  it('applies the limits to every table call of every plugin', async () => {
    const tables = server.app.routeAccess
      .filter((route) => route.method === 'POST' && /\/table(\/ids|\/export)?$/.test(route.url))
      .map((route) => route.url.replace(/^\/api\//, '').replace(/:[A-Za-z]+/g, '1'));
    expect(tables.length).toBeGreaterThan(10);
    const filter = range(2000).map(() => f('x', 'contains', ['a']));
    for (const path of tables) await rejected('POST', path, { token: admin, body: { filter } });
    for (const path of tables) await rejected('POST', path, { token: admin, body: { filter: [f('x', 'contains', [NUL])] } });
  });
});
