import type { ServerPlugin } from '../../server/plugin.js';
import { pedigreeImporter } from './import/pedigree-importer.js';
import { pedigreeMigrations } from './migrations.js';
import { PEDIGREE_DATASET_TYPE } from './tables.js';
import { pedigreeExportRoutes } from './export-routes.js';

/** Pedigrees and pedigree definitions (the pedigree template). */
export const pedigreeServer: ServerPlugin = {
  id: 'pedigree',
  // Pedigrees reference germplasm; the datasheet writes locations, countries, attributes and (datasets
  // domain) collaborators.
  requires: ['germplasm', 'datasets'],
  migrations: pedigreeMigrations,
  importers: [pedigreeImporter],
  routes: pedigreeExportRoutes,
  demoFiles: [{ file: 'demo/pedigree/example-pedigree-data.xlsx', type: 'pedigree' }],
  overviewCounts: {
    datasetsPedigree: async ({ db }) =>
      Number(
        (await db.selectFrom('datasets').select((eb) => eb.fn.countAll().as('n')).where('datasettype_id', '=', PEDIGREE_DATASET_TYPE).executeTakeFirstOrThrow()).n,
      ),
  },
};
