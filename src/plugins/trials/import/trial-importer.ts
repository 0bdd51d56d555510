import { issue, type ImportIssue, type TemplateImporter } from '../../../server/import/importer.js';
import { LOCATION_SHEET, readDatasheet } from '../../../server/import/datasheet.js';
import { checkDatasheet } from '../../../server/import/datasheet-checks.js';
import { trialsDb } from './bulk.js';
import { checkDataRows, checkRecordingDates, DATA, readDataLayout, RECORDING_DATES } from './data-check.js';
import { loadGermplasmLookup } from '../../../server/import/germplasm-lookup.js';
import { PHENOTYPES, readPhenotypes, traitCatalogue } from './phenotypes.js';
import { TRIALS_DATASET_TYPE } from '../dataset-scope.js';
import { writeTrials } from './trial-write.js';

/**
 * Germinate's trials / phenotypic data template (datatype `trial`, docs/import-templates.md): METADATA, ATTRIBUTES,
 * LOCATION, COLLABORATORS, PHENOTYPES, DATA and RECORDING_DATES sheets. Every problem is reported at every
 * occurrence; the write (traits, a trials dataset, its plots and values) runs in the pipeline's transaction.
 * Update mode imports like insert mode, as in Germinate: a trials file always makes a new dataset, and
 * traits that match an existing one are reused with the file's restrictions written back.
 */
export const trialImporter: TemplateImporter = {
  type: 'trial',
  extensions: ['.xlsx'],

  async check(file, target, options) {
    const db = trialsDb(target);
    let issues: ImportIssue[] = await checkDatasheet(file, target, { id: TRIALS_DATASET_TYPE, name: 'trials' });
    options.progress?.(0.1);
    const phenotypes = readPhenotypes(file.sheets.get(PHENOTYPES));
    issues = issues.concat(phenotypes.issues);
    const data = file.sheets.get(DATA);
    if (!data) return issues.concat(issue('GENERIC_MISSING_EXCEL_SHEET', -1, { sheet: DATA, value: DATA, message: DATA }));
    const catalogue = await traitCatalogue(db, phenotypes.traits);
    const { layout, issues: headerIssues } = readDataLayout(data, catalogue);
    issues = issues.concat(headerIssues);
    // Without the germplasm column every row would repeat the header's complaint.
    if (!layout.columns.has('Line/Phenotype')) return issues;
    const siteNames = file.sheets.has(LOCATION_SHEET) ? new Set(readDatasheet(file).locations.flatMap((s) => (s.name === null ? [] : [s.name]))) : null;
    // concat, not push(...): a broken 100,000-row file yields more issues than a call takes arguments.
    const lookup = await loadGermplasmLookup(db);
    issues = issues.concat(checkDataRows(data, layout, { lookup, siteNames, signal: options.signal, progress: (f) => options.progress?.(0.1 + 0.8 * f) }));
    const dates = file.sheets.get(RECORDING_DATES);
    if (dates) issues = issues.concat(checkRecordingDates(data, dates, layout, readDataLayout(dates, catalogue).layout));
    options.progress?.(1);
    return issues;
  },

  write(file, target, options) {
    return writeTrials(file, target, options);
  },
};
