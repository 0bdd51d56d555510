import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { seedGermplasm } from '../support/seed.js';

interface CommentRow {
  commentId: number;
  commentTypeId: number;
  commentType: string;
  commentForeignId: number;
  userId?: number;
  userName: string;
  commentContent: string;
  createdOn: string;
  updatedOn: string;
}

describe.each(testDialects())('comments on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startServer(dialect);
    // Comments point at germplasm that exists (ids 1–30).
    await seedGermplasm(server);
    for (const name of ['regular', 'curator', 'admin']) {
      tokens[name] = await server.login(name, passwordOf(name));
      ids[name] = (await server.db.database.db.selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
    }
    // A full name is what comments show; without one, the username.
    await server.db.database.db.updateTable('users').set({ full_name: 'Regina Regular' }).where('username', '=', 'regular').execute();
  });
  afterAll(async () => server?.close());

  const add = (user: string, description: string, referenceId = 7, extra: Record<string, unknown> = {}) =>
    server.api('PUT', 'comment', { token: tokens[user], body: { commenttypeId: 1, userId: ids[user], description, referenceId, ...extra } });
  const list = async (referenceId: number, token: string | null = null) => {
    const response = await server.api('POST', 'comment/table', {
      token,
      body: {
        page: 0,
        limit: 100,
        filter: [
          { column: 'commentTypeId', comparator: 'equals', values: [1], operator: 'and' },
          { column: 'commentForeignId', comparator: 'equals', values: [referenceId] },
        ],
      },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: CommentRow[]; count: number }).data;
  };

  it('adds a comment for a logged-in user and lists it to everyone with the author’s name', async () => {
    const response = await add('regular', '  Seeds were re-counted in 2023.  ');
    expect(response.status).toBe(200);
    const id = (await response.json()) as number;
    expect(Number.isInteger(id)).toBe(true);
    const curatorId = (await (await add('curator', 'Checked.')).json()) as number;
    expect((await add('regular', 'Another item', 8)).status).toBe(200);

    const rows = await list(7);
    expect(rows.map((r) => r.commentId)).toEqual([id, curatorId]);
    expect(Object.keys(rows[0]).sort()).toEqual(
      ['commentContent', 'commentForeignId', 'commentId', 'commentType', 'commentTypeId', 'createdOn', 'updatedOn', 'userId', 'userName'].sort(),
    );
    expect(rows[0]).toMatchObject({
      commentTypeId: 1, commentType: 'germinatebase', commentForeignId: 7, userId: ids.regular, userName: 'Regina Regular', commentContent: 'Seeds were re-counted in 2023.',
    });
    expect(rows[1].userName).toBe('curator');
    expect(Date.parse(rows[0].updatedOn)).toBeGreaterThan(0);
    // The same answer with a token.
    expect((await list(7, tokens.admin)).map((r) => r.commentId)).toEqual([id, curatorId]);
    const idsResponse = await server.api('POST', 'comment/table/ids', { body: { filter: [{ column: 'commentForeignId', comparator: 'equals', values: [7] }] } });
    expect(((await idsResponse.json()) as { data: number[] }).data).toEqual([id, curatorId]);
  });

  it('needs a login to comment and refuses comments in another user’s name', async () => {
    const anonymous = await server.api('PUT', 'comment', { body: { commenttypeId: 1, userId: ids.regular, description: 'x', referenceId: 7 } });
    expect(anonymous.status).toBe(401);
    const other = await server.api('PUT', 'comment', { token: tokens.regular, body: { commenttypeId: 1, userId: ids.admin, description: 'x', referenceId: 7 } });
    expect(other.status).toBe(403);
    expect(((await other.json()) as { reasonPhrase: string }).reasonPhrase).toBe('FORBIDDEN_ACCESS_TO_OTHER_USER');
  });

  it('refuses blank, too long, unknown-type and malformed comments with 400', async () => {
    for (const body of [
      { description: '   ' },
      { description: 'x'.repeat(5001) },
      { commenttypeId: 99 },
      { referenceId: 'seven' },
      { referenceId: -1 },
      { id: 5 },
      { description: undefined },
    ]) {
      const response = await server.api('PUT', 'comment', {
        token: tokens.regular,
        body: { commenttypeId: 1, userId: ids.regular, description: 'ok', referenceId: 7, ...body },
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await add('regular', 'x'.repeat(5000), 9)).status).toBe(200);
  });

  it('lets authors delete their own comments and administrators any; others get 404', async () => {
    const own = (await (await add('regular', 'mine', 20)).json()) as number;
    const curators = (await (await add('curator', 'theirs', 20)).json()) as number;

    expect((await server.api('DELETE', `comment/${own}`)).status).toBe(401);
    expect((await server.api('DELETE', `comment/${curators}`, { token: tokens.regular })).status).toBe(404);
    expect((await server.api('DELETE', 'comment/999999', { token: tokens.regular })).status).toBe(404);
    expect((await server.api('DELETE', 'comment/abc', { token: tokens.regular })).status).toBe(404);

    const mine = await server.api('DELETE', `comment/${own}`, { token: tokens.regular });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toBe(true);
    expect((await server.api('DELETE', `comment/${own}`, { token: tokens.regular })).status).toBe(404);

    const moderated = await server.api('DELETE', `comment/${curators}`, { token: tokens.admin });
    expect(moderated.status).toBe(200);
    expect(await moderated.json()).toBe(true);
    expect(await list(20)).toEqual([]);
    const audit = await server.db.database.db.selectFrom('audit_log').select(['action', 'username']).where('target', '=', `comment ${curators}`).execute();
    expect(audit).toEqual([{ action: 'comment.delete', username: 'admin' }]);
    // The author's own deletion is not an administrator change.
    expect(await server.db.database.db.selectFrom('audit_log').select('id').where('target', '=', `comment ${own}`).execute()).toEqual([]);
  });

  it('answers 503 UNAVAILABLE_COMMENTS while an administrator has comments switched off', async () => {
    await server.app.settings.write({ commentsEnabled: false }, new Date());
    try {
      const response = await add('regular', 'while disabled', 30);
      expect(response.status).toBe(503);
      expect(((await response.json()) as { reasonPhrase: string }).reasonPhrase).toBe('UNAVAILABLE_COMMENTS');
      expect(await list(30)).toEqual([]);
    } finally {
      await server.app.settings.write({ commentsEnabled: true }, new Date());
    }
    expect((await add('regular', 'enabled again', 30)).status).toBe(200);
  });

  it('keeps a comment whose author was deleted, without a name', async () => {
    const db = server.db.database.db;
    const { createUser } = await import('../../src/server/auth/users.js');
    await createUser(db, { username: 'leaver', password: passwordOf('leaver'), userType: 'Regular User' }, new Date());
    const token = await server.login('leaver', passwordOf('leaver'));
    const leaverId = (await db.selectFrom('users').select('id').where('username', '=', 'leaver').executeTakeFirstOrThrow()).id;
    const response = await server.api('PUT', 'comment', { token, body: { commenttypeId: 1, userId: leaverId, description: 'bye', referenceId: 25 } });
    expect(response.status).toBe(200);
    await db.deleteFrom('tokens').where('user_id', '=', leaverId).execute();
    await db.deleteFrom('users').where('id', '=', leaverId).execute();
    const [row] = await list(25);
    expect(row).toMatchObject({ commentContent: 'bye', userName: '' });
    expect(row.userId).toBeUndefined();
  });
});
