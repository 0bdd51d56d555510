import { sql, type Kysely } from 'kysely';
import type { ServerPlugin } from '../../server/plugin.js';
import { dataResourcesMigrations } from './migrations.js';
import { dataResourceRoutes } from './routes.js';

/** Data resources (Germinate's file resources): list, linked datasets, authorised downloads. */
export const dataResourcesServer: ServerPlugin = {
  id: 'data-resources',
  requires: ['datasets'],
  migrations: dataResourcesMigrations,
  routes: dataResourceRoutes,
  // For hidden-page discovery (is there any file resource at all); the same for everybody.
  overviewCounts: {
    fileresources: async (database) =>
      Number((await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM fileresources`.execute(database.db as unknown as Kysely<unknown>)).rows[0]?.n ?? 0),
  },
};
