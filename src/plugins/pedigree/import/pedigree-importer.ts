import { issue, type TemplateImporter } from '../../../server/import/importer.js';
import { PEDIGREE_DATASET_TYPE } from '../tables.js';
import { checkDatasheet, readDatasheet, ATTRIBUTES_SHEET } from './datasheet.js';
import { loadGermplasmLookup } from '../../../server/import/germplasm-lookup.js';
import { checkPedigreeSheets } from './pedigree-sheets.js';
import { pedigreeDb, writePedigree } from './pedigree-write.js';

/**
 * Germinate's pedigree template (datatype `pedigree`, import-rules §2.5 with the datasheet part of §2.2):
 * creates a pedigree dataset with parent edges (DATA) and pedigree strings (DATA-STRING). Every problem
 * is reported at every occurrence.
 */
export const pedigreeImporter: TemplateImporter = {
  type: 'pedigree',
  extensions: ['.xlsx'],

  async check(file, target, options) {
    const db = pedigreeDb(target);
    const sheet = readDatasheet(file);
    const countries = new Set((await db.selectFrom('countries').select('country_code2').execute()).map((c) => c.country_code2));
    let issues = checkDatasheet(file, sheet, countries);
    if (sheet.studyId) {
      const id = /^\d+$/.test(sheet.studyId.value) ? Number(sheet.studyId.value) : null;
      const found = id === null ? undefined : await db.selectFrom('datasets').select('id').where('id', '=', id).where('datasettype_id', '=', PEDIGREE_DATASET_TYPE).executeTakeFirst();
      if (!found) {
        issues.push(issue('GENERIC_INVALID_REFERENCE', sheet.studyId.row, {
          sheet: ATTRIBUTES_SHEET, column: 'Value', value: sheet.studyId.value, message: `No pedigree dataset with id ${sheet.studyId.value}`,
        }));
      }
    }
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
