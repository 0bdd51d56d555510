import type { ServerPlugin } from '../../server/plugin.js';
import { pedigreeImporter } from './import/pedigree-importer.js';
import { pedigreeMigrations } from './migrations.js';
import { PEDIGREE_DATASET_TYPE } from './tables.js';
import { pedigreeExportRoutes } from './export-routes.js';
import { pedigreeTableRoutes } from './table-routes.js';

/** Pedigrees and pedigree definitions (the pedigree template). */
export const pedigreeServer: ServerPlugin = {
  id: 'pedigree',
  // Pedigrees reference germplasm; the datasheet writes locations, countries, attributes and (datasets
  // domain) collaborators.
  requires: ['germplasm', 'datasets'],
  migrations: pedigreeMigrations,
  importers: [pedigreeImporter],
  routes: async (app, options) => {
    await pedigreeExportRoutes(app, options);
    await pedigreeTableRoutes(app, options);
  },
  demoFiles: [{ file: 'demo/pedigree/example-pedigree-data.xlsx', type: 'pedigree' }],
  overviewCounts: {
    datasetsPedigree: async ({ db }) =>
      Number(
        (await db.selectFrom('datasets').select((eb) => eb.fn.countAll().as('n')).where('datasettype_id', '=', PEDIGREE_DATASET_TYPE).executeTakeFirstOrThrow()).n,
      ),
  },
};
