import type { FastifyPluginAsync } from 'fastify';
import type { ServerPlugin } from '../../server/plugin.js';
import { imagesImporter } from './import/image-importer.js';
import { imagesMigrations } from './migrations.js';
import { imageRoutes } from './routes.js';
import { imageSourceRoutes } from './src-routes.js';
import { orphanImagesTask } from './tasks.js';
import type { ImagesTables } from './tables.js';
import { templateSvgRoutes } from './template-svg.js';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(templateSvgRoutes);
  await app.register(imageSourceRoutes);
  await app.register(imageRoutes);
};

/** Images of germplasm and traits (the images template), their table, tags and files. */
export const imagesServer: ServerPlugin = {
  id: 'images',
  // Images refer to germplasm (traits only when the trials plugin is there); its demo passports need the MCPD importer.
  requires: ['germplasm'],
  migrations: imagesMigrations,
  routes,
  importers: [imagesImporter],
  // The example names two accessions the MCPD example lacks: a minimal passport file adds them first
  // (src/plugins/images/demo/README.md).
  demoFiles: [
    { file: 'src/plugins/images/demo/images-germplasm.tsv', type: 'mcpd' },
    { file: 'demo/images/example-images.zip', type: 'images' },
  ],
  tasks: [orphanImagesTask],
  overviewCounts: {
    images: async ({ db }) =>
      Number((await db.withTables<ImagesTables>().selectFrom('images').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  },
};
