import type { FastifyPluginAsync } from 'fastify';
import type { SchemaMigration } from './db/migration.js';
import type { TemplateImporter } from './import/importer.js';
import type { Database } from './db/database.js';
import type { ScheduledTask } from './tasks.js';

/**
 * The server half of a domain: its tables (migrations), its routes (registered under /api, each with
 * config.access) and its template importers. Plugins never import each other; core assembles them.
 */
export interface ServerPlugin {
  id: string;
  migrations?: SchemaMigration[];
  routes?: FastifyPluginAsync;
  importers?: TemplateImporter[];
  /** Demo files (paths relative to the repository root) loaded into an empty embedded database. */
  demoFiles?: { file: string; type: string }[];
  /** Counts for `GET stats/overview` (OverviewStats keys, e.g. `germplasm`); absent keys answer 0. */
  overviewCounts?: Record<string, (database: Database) => Promise<number>>;
  /** Periodic tasks (e.g. file expiry); main starts them, tests run them with their own clock. */
  tasks?: ScheduledTask[];
}
