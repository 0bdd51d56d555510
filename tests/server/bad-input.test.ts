import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { GERMPLASM, f, germplasmDb, idsFor, leaks, seedGermplasm } from '../support/seed.js';

const ALL = GERMPLASM.map((g) => g.id);
const INJECTIONS = [
  "'; DROP TABLE germinatebase; --",
  '" OR 1=1 --',
  "x' OR '1'='1",
  '1); DELETE FROM germinatebase; --',
  '%\' UNION SELECT password_hash FROM users --',
];

/** Hostile and malformed requests: answered with 4xx, never executed as SQL, never leaking internals. */
describe.each(testDialects())('bad input on %s', (dialect) => {
  let server: TestServer;
  let small: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
    await seedGermplasm(server);
    small = await startServer(dialect, { maxPageSize: 5 });
    await seedGermplasm(small);
  });
  afterAll(async () => {
    await server?.close();
    await small?.close();
  });

  const ids = (...filters: unknown[]) => idsFor(server, filters);
  const rowCount = async () => (await germplasmDb(server).selectFrom('germinatebase').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;

  /** POSTs a body, expects the status, checks the body is JSON without internals and returns it. */
  async function rejected(path: string, options: { body?: unknown; raw?: string; headers?: Record<string, string> }, status: number) {
    const response = await server.api('POST', path, options);
    const text = await response.text();
    expect(response.status, text).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(leaks(text), text).toEqual([]);
    return { response, body: JSON.parse(text) as { statusCode: number; reasonPhrase?: string; message?: string } };
  }

  describe('SQL in requests', () => {
    it('answers SQL text as a filter column with 400', async () => {
      for (const column of [...INJECTIONS, 'germplasm_name; DROP TABLE germinatebase', 'g.id) OR (1=1']) {
        const { body } = await rejected('germplasm/table', { body: { filter: [f(column, 'equals', ['x'])] } }, 400);
        expect(body.reasonPhrase).toBe('BAD_REQUEST_UNKNOWN_COLUMN');
      }
      expect(await rowCount()).toBe(30);
    });

    it('treats SQL text in values as data', async () => {
      for (const value of INJECTIONS) {
        for (const comparator of ['equals', 'contains', 'greaterThan', 'inSet']) {
          expect(await ids(f('germplasmName', comparator, [value])), `${comparator} ${value}`).toEqual(
            comparator === 'greaterThan' ? expect.any(Array) : [],
          );
        }
        expect(await ids(f('germplasmName', 'between', [value, value]))).toEqual([]);
        expect(await ids(f('synonyms', 'jsonSearch', [value]))).toEqual(expect.any(Array));
        expect(await ids(f('synonyms', 'arrayContains', [value]))).toEqual([]);
        expect(await ids(f('institutions', 'jsonSearch', [value]))).toEqual(expect.any(Array));
      }
      expect(await rowCount()).toBe(30);
      const users = await server.db.database.db.selectFrom('users').select('id').execute();
      expect(users).toHaveLength(4);
    });

    it('finds a stored value that looks like SQL, exactly', async () => {
      const db = germplasmDb(server);
      const nasty = "Robert'); DROP TABLE germinatebase;--";
      await db.insertInto('germinatebase').values({ id: 500, general_identifier: 'NASTY', name: nasty, display_name: nasty }).execute();
      try {
        expect(await ids(f('germplasmName', 'equals', [nasty]))).toEqual([500]);
        expect(await ids(f('germplasmName', 'contains', ["'); drop"]))).toEqual([500]);
      } finally {
        await db.deleteFrom('germinatebase').where('id', '=', 500).execute();
      }
    });

    it('ignores SQL text as orderBy', async () => {
      for (const orderBy of [...INJECTIONS, 'germplasm_name DESC, (SELECT 1)', 'g.name']) {
        const response = await server.api('POST', 'germplasm/table', { body: { orderBy, ascending: 1, limit: 100 } });
        expect(response.status, orderBy).toBe(200);
        const body = (await response.json()) as { data: { germplasmId: number }[] };
        expect(body.data.map((r) => r.germplasmId)).toEqual(ALL);
      }
      expect(await rowCount()).toBe(30);
    });

    it('ignores SQL text in jsonSearch and arrayContains once reduced to [A-Za-z0-9_-]', async () => {
      // "'; DROP TABLE …" becomes "DROPTABLEgerminatebase--": no synonym contains it.
      expect(await ids(f('synonyms', 'jsonSearch', [INJECTIONS[0]]))).toEqual([]);
      expect(await ids(f('synonyms', 'arrayContains', [INJECTIONS[2]]))).toEqual([]);
      expect(await ids(f('synonyms', 'arrayContains', ["BK'"]))).toEqual([1]);
    });

    it('keeps SQL text in export mappings out of the file header and the query', async () => {
      const response = await server.api('POST', 'germplasm/table/export', {
        body: { columnNameMapping: { [INJECTIONS[0]]: 'x', germplasmId: 'id' }, filter: [f('germplasmId', 'equals', ['1'])] },
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      expect(await rowCount()).toBe(30);
    });
  });

  describe('malformed bodies', () => {
    it('answers malformed JSON with 400 JSON', async () => {
      for (const raw of ['{"page": 0,', '{page: 0}', "{'a': 1}", 'nonsense', '{"filter": [}']) {
        const { response, body } = await rejected('germplasm/table', { raw }, 400);
        expect(body.reasonPhrase).toBe('BAD_REQUEST_INVALID_PAYLOAD');
        expect(response.statusText).toBe('BAD_REQUEST_INVALID_PAYLOAD');
      }
    });

    it('answers an empty JSON body like no body', async () => {
      const response = await server.api('POST', 'germplasm/table', { raw: '' });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { count: number }).count).toBe(30);
      const token = await server.login('regular', 'regular-password-1');
      const logout = await server.api('DELETE', 'token', { token, raw: ' ' });
      expect(logout.status).toBe(404);
    });

    it.each([
      ['page as text', { page: 'x' }],
      ['page as a fraction', { page: 1.5 }],
      ['negative page', { page: -1 }],
      ['negative limit', { limit: -5 }],
      ['prevCount below -1', { prevCount: -2 }],
      ['ascending as text', { ascending: 'yes' }],
      ['orderBy as a number', { orderBy: 5, ascending: 1 }],
      ['filter as text', { filter: 'x' }],
      ['filter as an object', { filter: { column: 'germplasmName' } }],
      ['a filter without column', { filter: [{ comparator: 'equals', values: ['x'] }] }],
      ['values as an object', { filter: [{ column: 'germplasmName', comparator: 'equals', values: {} }] }],
      ['values holding an object', { filter: [{ column: 'germplasmName', comparator: 'equals', values: [{}] }] }],
      ['an unknown comparator', { filter: [{ column: 'germplasmName', comparator: 'like', values: ['x'] }] }],
      ['a comparator in the wrong case', { filter: [{ column: 'germplasmName', comparator: 'EQUALS', values: ['x'] }] }],
      ['an unknown operator', { filter: [{ column: 'germplasmName', comparator: 'equals', values: ['x'], operator: 'xor' }] }],
      ['a page beyond 2^31', { page: 1e300 }],
      ['a page that is not a safe integer', { page: 2 ** 60 }],
      ['a body that is an array', [1, 2]],
      ['a body that is a string', 'page'],
    ])('answers %s with 400 BAD_REQUEST_INVALID_PAYLOAD', async (_label, body) => {
      const { response, body: answer } = await rejected('germplasm/table', { body }, 400);
      expect(answer.reasonPhrase).toBe('BAD_REQUEST_INVALID_PAYLOAD');
      expect(response.statusText).toBe('BAD_REQUEST_INVALID_PAYLOAD');
    });

    it('rejects the same on …/ids, …/export and the attribute table', async () => {
      for (const path of ['germplasm/table/ids', 'germplasm/table/export', 'germplasm/attribute', 'germplasm/1/institution/table']) {
        const { body } = await rejected(path, { body: { filter: 'x' } }, 400);
        expect(body.reasonPhrase).toBe('BAD_REQUEST_INVALID_PAYLOAD');
      }
      const { body } = await rejected('germplasm/table/export', { body: { columnNameMapping: { germplasmId: 5 } } }, 400);
      expect(body.reasonPhrase).toBe('BAD_REQUEST_INVALID_PAYLOAD');
    });

    it('caps a huge limit instead of failing', async () => {
      for (const limit of [2147483647, 1e15]) {
        const response = await small.api('POST', 'germplasm/table', { body: { limit } });
        expect(response.status).toBe(200);
        expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(5);
      }
    });

    it('answers a body over the size limit with 413', async () => {
      const raw = JSON.stringify({ filter: [f('germplasmName', 'contains', ['x'.repeat(11 * 1024 * 1024)])] });
      await rejected('germplasm/table', { raw }, 413);
    });

    it('answers a body that is not JSON with 415', async () => {
      await rejected('germplasm/table', { raw: 'page=0', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415);
    });

    it('answers a prototype-poisoning body with 400', async () => {
      await rejected('germplasm/table', { raw: '{"__proto__": {"limit": 1}}' }, 400);
    });
  });

  describe('bad query strings and paths', () => {
    it.each([['page=x'], ['limit=-1'], ['page=-1'], ['page=1e300'], ['page=1.5'], ['prevCount=-2'], ['prevCount=abc']])(
      'answers GET germplasm?%s with 400',
      async (query) => {
        const response = await server.api('GET', `germplasm?${query}`);
        const text = await response.text();
        expect(response.status, text).toBe(400);
        expect(leaks(text)).toEqual([]);
      },
    );

    it('answers ids beyond the integer range with 404, not 500', async () => {
      for (const path of ['germplasm/9999999999', 'germplasm/9999999999/mcpd', 'germplasm/99999999999999999999']) {
        const response = await server.api('GET', path);
        expect(response.status, path).toBe(404);
        expect(leaks(await response.text())).toEqual([]);
      }
      const response = await server.api('POST', 'germplasm/9999999999/institution/table', { body: {} });
      expect(response.status).toBe(404);
    });
  });
});

describe.each(testDialects())('server errors on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
    await seedGermplasm(server);
    // A broken database: the attribute table's query must fail inside the database.
    await sql`DROP TABLE attributedata`.execute(server.db.database.db);
  });
  afterAll(async () => server?.close());

  it('answers a database failure with a bare 500 JSON body: no SQL, no message, no stack', async () => {
    for (const path of ['germplasm/attribute', 'germplasm/attribute/ids']) {
      const response = await server.api('POST', path, { body: {} });
      const text = await response.text();
      expect(response.status).toBe(500);
      expect(JSON.parse(text)).toEqual({ statusCode: 500, error: 'Internal Server Error', reasonPhrase: 'INTERNAL_SERVER_ERROR' });
      expect(text).not.toMatch(/attributedata/);
      expect(leaks(text)).toEqual([]);
    }
    // The rest of the server is unaffected.
    expect((await server.api('POST', 'germplasm/table', { body: { limit: 1 } })).status).toBe(200);
  });
});
