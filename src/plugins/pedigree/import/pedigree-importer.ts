import type { TemplateImporter } from '../../../server/import/importer.js';
import { checkDatasheet } from '../../../server/import/datasheet-checks.js';
import { PEDIGREE_DATASET_TYPE } from '../tables.js';
import { loadGermplasmLookup } from '../../../server/import/germplasm-lookup.js';
import { checkPedigreeSheets } from './pedigree-sheets.js';
import { pedigreeDb, writePedigree } from './pedigree-write.js';

/**
 * Germinate's pedigree template (datatype `pedigree`, with the datasheet part; docs/import-templates.md):
 * creates a pedigree dataset with parent edges (DATA) and pedigree strings (DATA-STRING). Every problem
 * is reported at every occurrence.
 */
export const pedigreeImporter: TemplateImporter = {
  type: 'pedigree',
  extensions: ['.xlsx'],

  async check(file, target, options) {
    const db = pedigreeDb(target);
    let issues = await checkDatasheet(file, target, { id: PEDIGREE_DATASET_TYPE, name: 'pedigree' });
    options.progress?.(0.3);
    const lookup = await loadGermplasmLookup(db);
    issues = issues.concat(checkPedigreeSheets(file, lookup, options.signal));
    options.progress?.(1);
    return issues;
  },

  write(file, target, options) {
    return writePedigree(file, target, options);
  },
};
