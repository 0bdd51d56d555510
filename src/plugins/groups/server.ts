import { PUBLIC_GROUP } from '../../server/access/groups.js';
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
    // Germinate counts the caller's visible groups; the counts here are not told who asks, so only the public
    // ones, which everyone sees (a count of every group would tell visitors that private ones exist).
    groups: async ({ db }) =>
      Number(
        (await db.withTables<GroupsTables>().selectFrom('groups').select((eb) => eb.fn.countAll().as('n')).where('visibility', '=', PUBLIC_GROUP).executeTakeFirstOrThrow()).n,
      ),
  },
};
