import type { ServerPlugin } from '../../server/plugin.js';
import { groupsImporter } from './import/groups-importer.js';
import { groupsMigrations } from './migrations.js';
import type { GroupsTables } from './tables.js';

/** Groups of germplasm, locations or markers (the groups template). */
export const groupsServer: ServerPlugin = {
  id: 'groups',
  migrations: groupsMigrations,
  importers: [groupsImporter],
  demoFiles: [{ file: 'demo/groups/example-groups.xlsx', type: 'groups' }],
  overviewCounts: {
    // Every group for now; the groups domain's visibility rules (public or own) come with its screens.
    groups: async ({ db }) =>
      Number((await db.withTables<GroupsTables>().selectFrom('groups').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  },
};
