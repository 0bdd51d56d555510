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
  /**
   * Ids of the plugins this one cannot work without: those whose tables its tables reference or its code
   * reads, and those whose importers its demo files need. Checked at boot (a missing or cyclic requirement
   * stops the server), and a required plugin's migrations run first. A table of another domain that is
   * only used when present (checked with tableExists) is not a requirement. Absent = none.
   */
  requires?: readonly string[];
  /**
   * Its tables, in the order they must run. Names are unique across core and all plugins (they are the
   * keys of the migration bookkeeping); their order between plugins comes from `requires`, not from names.
   */
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

/** A plugin list the server cannot start with: an unknown or cyclic requirement, or one id twice. */
export class PluginRequirementError extends Error {
  override name = 'PluginRequirementError';
}

/**
 * The plugins ordered so that each comes after the plugins it requires, otherwise in the given order
 * (so the same list always gives the same order). Throws PluginRequirementError when an id is used
 * twice, a required plugin is not in the list, or requirements form a cycle.
 */
export function orderPlugins<P extends Pick<ServerPlugin, 'id' | 'requires'>>(plugins: readonly P[]): P[] {
  const byId = new Map<string, P>();
  for (const plugin of plugins) {
    if (byId.has(plugin.id)) throw new PluginRequirementError(`Server plugin "${plugin.id}" is installed twice.`);
    byId.set(plugin.id, plugin);
  }
  for (const plugin of plugins) {
    for (const required of plugin.requires ?? []) {
      if (!byId.has(required)) {
        throw new PluginRequirementError(`Server plugin "${plugin.id}" requires plugin "${required}", which is not installed.`);
      }
    }
  }
  const ordered: P[] = [];
  const done = new Set<string>();
  // Depth first along `requires`; `path` is the chain being resolved, so meeting one of its ids again is a cycle.
  const visit = (plugin: P, path: string[]): void => {
    if (done.has(plugin.id)) return;
    if (path.includes(plugin.id)) {
      const cycle = [...path.slice(path.indexOf(plugin.id)), plugin.id].join(' → ');
      throw new PluginRequirementError(`Server plugins require each other in a cycle: ${cycle}.`);
    }
    for (const required of plugin.requires ?? []) {
      const next = byId.get(required);
      if (next) visit(next, [...path, plugin.id]);
    }
    done.add(plugin.id);
    ordered.push(plugin);
  };
  for (const plugin of plugins) visit(plugin, []);
  return ordered;
}
