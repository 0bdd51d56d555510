import type { FastifyPluginAsync } from 'fastify';
import type { ServerPlugin } from '../../server/plugin.js';
import { trialsMigrations } from './migrations.js';
import { traitRoutes } from './traits/routes.js';
import { traitMigrations } from './traits/migrations.js';
import { trialsDataRoutes } from './data/routes.js';
import { trialsDataMigrations } from './data/migrations.js';
import { trialStatsRoutes } from './stats/routes.js';
import { trialStatsMigrations } from './stats/migrations.js';
import { trialCreationRoutes } from './creation/routes.js';
import { trialCreationMigrations } from './creation/migrations.js';
import { shapefileImporter } from './import/shapefile-importer.js';
import { trialImporter } from './import/trial-importer.js';
import type { TrialsTables } from './tables.js';
import { TRIALS_DATASET_TYPE } from './dataset-scope.js';

/** Traits; trials data (table, exports); statistics and comparisons; trial creation. */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(traitRoutes);
  await app.register(trialsDataRoutes);
  await app.register(trialStatsRoutes);
  await app.register(trialCreationRoutes);
};

/** Traits and trials data (the trials template, trial shapefiles). */
export const trialsServer: ServerPlugin = {
  id: 'trials',
  // Plots reference germplasm and locations; its demo passports need the MCPD importer; the datasheet
  // credits the datasets domain's collaborators.
  requires: ['germplasm', 'datasets'],
  migrations: [...trialsMigrations, ...traitMigrations, ...trialsDataMigrations, ...trialStatsMigrations, ...trialCreationMigrations],
  routes,
  importers: [trialImporter, shapefileImporter],
  // The example trials' cultivars are not in the MCPD example: a minimal passport file adds them first (demo/README.md).
  demoFiles: [
    { file: 'src/plugins/trials/demo/trials-germplasm.tsv', type: 'mcpd' },
    { file: 'demo/trials/example-trials-data.xlsx', type: 'trial' },
  ],
  overviewCounts: {
    traits: async ({ db }) =>
      Number((await db.withTables<TrialsTables>().selectFrom('phenotypes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    // Every trials dataset; which ones a caller may see is decided where datasets are listed.
    datasetsTrials: async ({ db }) =>
      Number(
        (await db.selectFrom('datasets').select((eb) => eb.fn.countAll().as('n')).where('datasettype_id', '=', TRIALS_DATASET_TYPE).executeTakeFirstOrThrow()).n,
      ),
  },
};
