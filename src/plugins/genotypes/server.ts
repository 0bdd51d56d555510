import type { FastifyPluginAsync } from 'fastify';
import type { ServerPlugin } from '../../server/plugin.js';
import { genotypeImporter } from './import/genotype-importer.js';
import { genotypesMigrations } from './migrations.js';
import { markerRoutes } from './markers/routes.js';
import { mapRoutes } from './maps/routes.js';
import { genotypeExportRoutes } from './export/routes.js';
import { allelefreqExportRoutes } from './allelefreq/routes.js';
import { allelefreqImporter } from './allelefreq/importer.js';
import { genotypeGridRoutes } from './grid/routes.js';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(markerRoutes);
  await app.register(mapRoutes);
  await app.register(genotypeExportRoutes);
  await app.register(allelefreqExportRoutes);
  await app.register(genotypeGridRoutes);
};

/** Markers, genetic maps, and genotype and allele-frequency datasets (their calls in matrix files). */
export const genotypesServer: ServerPlugin = {
  id: 'genotypes',
  // Members are germplasm; datasets and their permissions belong to the datasets domain; marker groups to groups.
  requires: ['germplasm', 'datasets', 'groups'],
  migrations: genotypesMigrations,
  routes,
  importers: [genotypeImporter, allelefreqImporter],
  // The example's accessions CACTUAR-31…500 are in no other demo file (src/plugins/genotypes/demo/README.md).
  demoFiles: [
    { file: 'src/plugins/genotypes/demo/genotype-germplasm.tsv', type: 'mcpd' },
    { file: 'demo/genotypes/example-allele-calls-germplasm-by-marker.xlsx', type: 'genotype' },
    // After the workbook: it names the workbook's markers (src/plugins/genotypes/allelefreq/demo/README.md).
    { file: 'src/plugins/genotypes/allelefreq/demo/example-allele-frequencies.txt', type: 'allelefreq' },
  ],
};
