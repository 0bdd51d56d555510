import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { seedGermplasm } from '../support/seed.js';

/** A comment belongs to an item: one that names no germplasm (or location) is a 404, and nothing is kept. */
describe.each(testDialects())('comments on items that do not exist on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    await seedGermplasm(server);
    token = await server.login('regular', passwordOf('regular'));
    userId = (await server.db.database.db.selectFrom('users').select('id').where('username', '=', 'regular').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => server?.close());

  const put = (commenttypeId: number, referenceId: number) =>
    server.api('PUT', 'comment', { token, body: { commenttypeId, userId, referenceId, description: 'A note.' } });
  const stored = async () => Number((await server.db.database.db.selectFrom('comments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('answers 404 NOT_FOUND_ID for a germplasm or location id that names nothing', async () => {
    const before = await stored();
    for (const [type, id, what] of [[1, 9999, 'germplasm'], [2, 31, 'germplasm'], [3, 4242, 'location'], [1, 2147483647, 'germplasm']] as const) {
      const response = await put(type, id);
      const body = (await response.json()) as { reasonPhrase?: string; message?: string };
      expect(response.status, `${type} ${id}`).toBe(404);
      expect(body.reasonPhrase).toBe('NOT_FOUND_ID');
      expect(body.message).toBe(`No ${what} with id ${id}.`);
    }
    expect(await stored()).toBe(before);
  });

  it('still takes comments on germplasm and locations that exist', async () => {
    const before = await stored();
    for (const [type, id] of [[1, 1], [2, 30], [3, 6]] as const) expect((await put(type, id)).status, `${type} ${id}`).toBe(200);
    expect(await stored()).toBe(before + 3);
    // A germplasm deleted meanwhile takes no new comments.
    await server.db.database.db.withTables<{ germinatebase: { id: number } }>().deleteFrom('germinatebase').where('id', '=', 29).execute();
    expect((await put(1, 29)).status).toBe(404);
  });
});
