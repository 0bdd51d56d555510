import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerPlugin } from '../../server/plugin.js';
import { registerTableRoutes } from '../../server/table/routes.js';
import { datasetView } from './queries.js';
import { DATASET_DATA_TABLES } from './row-columns.js';
import { presentTables } from '../../server/table/optional-tables.js';
import { datasetOverviewCounts } from './overview.js';
import { exportJobRoutes } from './export-jobs.js';
import { collaboratorRoutes } from './collaborators.js';
import { datasetsMigrations } from './migrations.js';
import { licenceRoutes } from './licences/routes.js';
import { licenceMigrations } from './licences/migrations.js';
import { registerDatasetAdminRoutes } from './admin-routes.js';
import { REMOVAL_TABLES } from './dataset-delete.js';
import { attributeRoutes } from './attributes.js';
import { sourceFileRoutes } from './source-file.js';
import { registerGermplasmDatasetRoutes } from './germplasm-datasets.js';
import { datasetGroupRoutes } from './germinate/dataset-groups.js';

const routes: FastifyPluginAsync = async (app) => {
  // Public, but dataset-scoped: each caller gets the datasets they may see (ADMIN all), with acceptedBy
  // per caller (the licences). The data, collaborator, publication and project tables the row reads, as far as they exist.
  const present = await presentTables(app.database.db as unknown as Kysely<unknown>, app.database.dialect, DATASET_DATA_TABLES);
  const datasetQuery = registerTableRoutes(app, { path: '/dataset/table', view: (dialect) => datasetView(dialect, present), access: 'public', exportPrefix: 'dataset-table' });
  // What a deleted dataset takes with it, as far as those tables exist.
  const removable = await presentTables(app.database.db as unknown as Kysely<unknown>, app.database.dialect, REMOVAL_TABLES);
  registerDatasetAdminRoutes(app, datasetQuery, removable);
  registerGermplasmDatasetRoutes(app, datasetQuery, present);
  await app.register(attributeRoutes);
  await app.register(sourceFileRoutes);
  await app.register(exportJobRoutes);
  await app.register(collaboratorRoutes);
  await app.register(licenceRoutes);
  await app.register(datasetGroupRoutes);
};

/**
 * Datasets: the dataset tables live in core (src/server/db/accounts-migrations.ts) because visibility is
 * shared; the collaborators credited on datasets are this plugin's.
 */
export const datasetsServer: ServerPlugin = {
  id: 'datasets',
  // Collaborators belong to institutions (the germplasm domain's).
  requires: ['germplasm'],
  migrations: [...datasetsMigrations, ...licenceMigrations],
  routes,
  overviewCounts: datasetOverviewCounts,
};
