import type { ImportIssue, TemplateImporter } from '../../../server/import/importer.js';
import type { ClimateDatatype, ClimateTables } from '../tables.js';
import { checkData, checkVariables, DATA_SHEET, readVariables, variableSheet } from './climate-checks.js';
import { checkDatasheet } from '../../../server/import/datasheet-checks.js';
import { CLIMATE_DATASET_TYPE, writeClimate } from './climate-write.js';

/**
 * Germinate's environmental data template (datatype `climate`, docs/import-templates.md): METADATA, ATTRIBUTES,
 * LOCATION, COLLABORATORS (the datasheet part), ENVIRONMENTAL VARIABLES (or CLIMATES) and DATA. Every problem is reported
 * at every occurrence; the pipeline writes only a file without errors, in one transaction.
 */
export const climateImporter: TemplateImporter = {
  type: 'climate',
  extensions: ['.xlsx'],

  async check(file, target) {
    const db = target.db.withTables<ClimateTables>();
    let issues: ImportIssue[] = await checkDatasheet(file, target, { id: CLIMATE_DATASET_TYPE, name: 'climate' });
    const definitions = variableSheet(file);
    issues = issues.concat(checkVariables(definitions));

    const variables = new Map<string, ClimateDatatype | undefined>();
    for (const stored of await db.selectFrom('climates').select(['name', 'datatype']).orderBy('id').execute()) {
      if (!variables.has(stored.name.toLowerCase())) variables.set(stored.name.toLowerCase(), stored.datatype);
    }
    // This file's definitions win over stored climates of the same name (they are what the import uses).
    for (const v of readVariables(definitions)) variables.set(v.name.toLowerCase(), v.datatype);
    const locations = new Set<string>();
    for (const { cells } of file.sheets.get('LOCATION')?.rows ?? []) if (cells[0]) locations.add(cells[0]);
    return issues.concat(checkData(file.sheets.get(DATA_SHEET), { variables, locations }));
  },

  write(file, target, options) {
    return writeClimate(file, target, options);
  },
};
