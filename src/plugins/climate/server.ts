import type { ServerPlugin } from '../../server/plugin.js';
import { climateImporter } from './import/climate-importer.js';
import { CLIMATE_DATASET_TYPE } from './import/climate-write.js';
import { climateMigrations } from './migrations.js';
import { climateRoutes } from './routes.js';
import type { ClimateTables } from './tables.js';

/** Climates and climate data (the environmental data template): tables, data, statistics. */
export const climateServer: ServerPlugin = {
  id: 'climate',
  // Climate data references locations; the datasheet writes countries, attributes and (datasets domain)
  // collaborators.
  requires: ['germplasm', 'datasets'],
  migrations: climateMigrations,
  routes: climateRoutes,
  importers: [climateImporter],
  demoFiles: [{ file: 'demo/climate/example-environmental-data.xlsx', type: 'climate' }],
  overviewCounts: {
    climates: async ({ db }) =>
      Number((await db.withTables<ClimateTables>().selectFrom('climates').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    datasetsClimate: async ({ db }) =>
      Number((await db.selectFrom('datasets').select((eb) => eb.fn.countAll().as('n')).where('datasettype_id', '=', CLIMATE_DATASET_TYPE).executeTakeFirstOrThrow()).n),
  },
};
