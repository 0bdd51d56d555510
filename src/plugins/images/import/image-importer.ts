import { issue, type TemplateImporter } from '../../../server/import/importer.js';
import type { ImagesTables } from '../tables.js';
import { ArchiveError, openTemplateArchive } from '../../../server/import/template-archive.js';
import { checkImages } from './image-checks.js';
import { IMAGES_TEMPLATE } from './image-rows.js';
import { stageImages, writeImages } from './image-write.js';
import { References } from './references.js';

/**
 * Germinate's images template (datatype `images`, docs/import-templates.md): a zip with `images.xlsx` (sheet
 * IMAGES) and the images at its root. Images refer to germplasm or traits; each gets a thumbnail and its
 * EXIF; tags are shared. Every problem is reported at every occurrence.
 */
export const imagesImporter: TemplateImporter = {
  type: 'images',
  extensions: ['.zip'],

  async check(file, target, options) {
    if (!file.source) throw new Error('The images importer needs the uploaded zip');
    try {
      const archive = await openTemplateArchive(file.source.path, IMAGES_TEMPLATE, options.signal);
      const references = await References.load(target.db.withTables<ImagesTables>(), target.dialect);
      const issues = await checkImages(archive, references, options.signal, options.progress);
      // Images live in files: a caller that gives no data directory could only fail half-way through
      // the write, so the check says so up front.
      if (!options.dataDir) {
        issues.unshift(issue('GENERIC_IO_ERROR', -1, { message: 'No data directory is configured: the images cannot be stored.' }));
      }
      return issues;
    } catch (error) {
      if (error instanceof ArchiveError) return [error.issue];
      throw error;
    }
  },

  // Copying and thumbnailing are slow and write no row: they run before the write transaction.
  stage: stageImages,

  write(file, target, options) {
    return writeImages(file, target, options);
  },
};
