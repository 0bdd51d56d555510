import type { ServerPlugin } from '../../server/plugin.js';
import { groupsImporter } from './import/groups-importer.js';
import { groupsMigrations } from './migrations.js';
import { groupRoutes } from './routes.js';
import type { GroupsTables } from './tables.js';

/** Groups of germplasm, locations, markers or traits: the group API and the groups template. */
export const groupsServer: ServerPlugin = {
  id: 'groups',
  // Members are germplasm or locations; its demo passports need the MCPD importer.
  requires: ['germplasm'],
  migrations: groupsMigrations,
  routes: groupRoutes,
  importers: [groupsImporter],
  // The examples' accessions CACTUAR-1…30 are not in the MCPD example: a minimal passport file adds them first
  // (src/plugins/groups/demo/README.md); the pedigree example, loaded next, uses them too.
  demoFiles: [
    { file: 'src/plugins/groups/demo/groups-germplasm.tsv', type: 'mcpd' },
    { file: 'demo/groups/example-groups.xlsx', type: 'groups' },
  ],
  overviewCounts: {
    // Every group for now; the groups domain's visibility rules (public or own) come with its screens.
    groups: async ({ db }) =>
      Number((await db.withTables<GroupsTables>().selectFrom('groups').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  },
};
