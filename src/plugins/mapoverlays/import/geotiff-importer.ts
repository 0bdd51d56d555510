import { issue, type TemplateImporter } from '../../../server/import/importer.js';
import { ArchiveError, openTemplateArchive } from '../../../server/import/template-archive.js';
import { checkOverlays } from './overlay-checks.js';
import { OverlayReferences } from './overlay-references.js';
import { GEOTIFF_TEMPLATE } from './overlay-rows.js';
import { stageOverlays } from './overlay-write.js';

/**
 * Germinate's GeoTIFF template (datatype `geotiff`, docs/import-templates.md): a zip with `geotiffs.xlsx` (sheet
 * IMAGES) and the GeoTIFFs at its root. Each becomes a map overlay of a dataset, a trait or a climate
 * variable: warped to Web Mercator as a PNG with its WGS84 bounds. Every problem is reported at every
 * occurrence, including files that are no GeoTIFF or lie in a coordinate system we cannot draw.
 */
export const geotiffImporter: TemplateImporter = {
  type: 'geotiff',
  extensions: ['.zip'],

  async check(file, target, options) {
    if (!file.source) throw new Error('The GeoTIFF importer needs the uploaded zip');
    try {
      const archive = await openTemplateArchive(file.source.path, GEOTIFF_TEMPLATE, options.signal);
      const references = await OverlayReferences.load(target.db, target.dialect);
      const issues = await checkOverlays(archive, references, options.signal, options.progress);
      if (!options.dataDir) issues.unshift(issue('GENERIC_IO_ERROR', -1, { message: 'No data directory is configured: the overlays cannot be stored.' }));
      return issues;
    } catch (error) {
      if (error instanceof ArchiveError) return [error.issue];
      throw error;
    }
  },

  // Rendering is slow and writes nothing: it runs before the write transaction (TemplateImporter.stage).
  stage: stageOverlays,

  async write(file, target, options) {
    return (await stageOverlays(file, target, options))(target);
  },
};
