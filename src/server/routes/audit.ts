import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { registerTableRoutes } from '../table/routes.js';
import type { TableView } from '../table/view.js';

const c = (expression: string, kind: TableView['columns'][string]['type']) => ({ sql: sql.raw(expression), type: kind });

/** The audit log as a table: who changed what, when; details are the recorded JSON (secrets redacted). */
export function auditView(): TableView {
  return {
    name: 'auditLog',
    from: sql.raw('audit_log a'),
    columns: {
      auditId: c('a.id', 'integer'),
      userId: c('a.user_id', 'integer'),
      username: c('a.username', 'string'),
      action: c('a.action', 'string'),
      target: c('a.target', 'string'),
      details: c('a.details', 'json'),
      createdOn: c('a.created_on', 'date'),
    },
    idColumn: 'auditId',
    defaultDescending: true,
  };
}

/** The audit log of administrator changes (ADMIN), newest first unless the request sorts otherwise. */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  registerTableRoutes(app, { path: '/audit/table', view: () => auditView(), access: 'ADMIN' });
};
