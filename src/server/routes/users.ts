import type { FastifyPluginAsync } from 'fastify';
import { type } from 'arktype';
import { sql } from 'kysely';
import { HttpError } from '../http/errors.js';
import { validate } from '../http/validate.js';
import { recordAudit } from '../audit.js';
import { decideRequest } from '../auth/registration.js';
import { pathId, userDetails } from '../access/users.js';
import { registerTableRoutes } from '../table/routes.js';
import type { TableView } from '../table/view.js';

const UserTypeChange = type({ userType: "'Regular User' | 'Data Curator' | 'Administrator' | 'Suspended User'" });
const Decision = type({ approve: 'boolean' });

const c = (expression: string, kind: TableView['columns'][string]['type']) => ({ sql: sql.raw(expression), type: kind });

/** Registrations and access requests with their institution and who decided them. */
export function accessRequestView(): TableView {
  return {
    name: 'accessRequests',
    from: sql.raw(`access_requests r
      LEFT JOIN user_institutions i ON i.id = r.institution_id
      LEFT JOIN users d ON d.id = r.decided_by`),
    columns: {
      requestId: c('r.id', 'integer'),
      kind: c('r.kind', 'string'),
      username: c('r.username', 'string'),
      fullName: c('r.full_name', 'string'),
      emailAddress: c('r.email', 'string'),
      institutionName: c('i.name', 'string'),
      locale: c('r.locale', 'string'),
      status: c('r.status', 'string'),
      createdOn: c('r.created_on', 'date'),
      decidedOn: c('r.decided_on', 'date'),
      decidedByName: c("COALESCE(NULLIF(d.full_name, ''), d.username)", 'string'),
    },
    idColumn: 'requestId',
  };
}

/** Administrators' user management: user list, roles, pending access requests. */
export const userRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  // Germinate's ViewUserDetails + the role: every account of this server, never a password.
  app.get('/user', { config: { access: 'ADMIN' } }, async () => userDetails(db, sql`1 = 1`));

  app.patch<{ Params: { userId: string } }>('/user/:userId', { config: { access: 'ADMIN' } }, async (request) => {
    const userId = pathId(request.params.userId, 'NOT_FOUND_USER');
    const body = validate(UserTypeChange, request.body);
    const admin = request.user!;
    const now = app.clock.now();
    await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select(['id', 'username', 'user_type']).where('id', '=', userId).executeTakeFirst();
      if (!user) throw new HttpError(404, 'NOT_FOUND_USER');
      if (user.user_type === body.userType) return;
      // An administrator cannot lock themselves out; another administrator has to do it.
      if (user.id === admin.id) throw new HttpError(400, 'BAD_REQUEST_OWN_ROLE', 'You cannot change your own role.');
      await trx.updateTable('users').set({ user_type: body.userType }).where('id', '=', userId).execute();
      // A suspended user is logged out everywhere at once (validateToken would refuse the tokens anyway).
      if (body.userType === 'Suspended User') await trx.deleteFrom('tokens').where('user_id', '=', userId).execute();
      await recordAudit(trx, admin, { action: 'user.role', target: `user ${userId}`, details: { username: user.username, from: user.user_type, to: body.userType } }, now);
    });
    return true;
  });

  registerTableRoutes(app, { path: '/user/request/table', view: accessRequestView, access: 'ADMIN' });

  app.post<{ Params: { requestId: string } }>('/user/request/:requestId/decision', { config: { access: 'ADMIN' } }, async (request) => {
    const requestId = pathId(request.params.requestId, 'NOT_FOUND_ACTIVATION_REQUEST');
    const body = validate(Decision, request.body);
    await decideRequest(db, request.user!, requestId, body.approve, app.clock.now());
    return true;
  });
};
