import type { ServerPlugin } from '../../server/plugin.js';
import { imagesImporter } from './import/image-importer.js';
import { imagesMigrations } from './migrations.js';
import type { ImagesTables } from './tables.js';

/** Images of germplasm and traits (the images template). */
export const imagesServer: ServerPlugin = {
  id: 'images',
  migrations: imagesMigrations,
  importers: [imagesImporter],
  demoFiles: [{ file: 'demo/images/example-images.zip', type: 'images' }],
  overviewCounts: {
    images: async ({ db }) =>
      Number((await db.withTables<ImagesTables>().selectFrom('images').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  },
};
