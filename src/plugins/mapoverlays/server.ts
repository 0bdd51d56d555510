import type { ServerPlugin } from '../../server/plugin.js';
import { geotiffImporter } from './import/geotiff-importer.js';
import { mapoverlaysMigrations } from './migrations.js';
import { mapoverlayRoutes } from './routes.js';

/** Map overlays: GeoTIFFs of trials, traits and climate variables, warped for the maps (the GeoTIFF template). */
export const mapoverlaysServer: ServerPlugin = {
  id: 'mapoverlays',
  // Traits and climate variables are looked up only when their plugins are there.
  requires: [],
  migrations: mapoverlaysMigrations,
  importers: [geotiffImporter],
  routes: mapoverlayRoutes,
};
