import { issue, type ImportIssue, type ImportOptions, type ParsedFile, type TemplateImporter } from '../../../server/import/importer.js';
import { TRIALS_DATASET_TYPE } from '../dataset-scope.js';
import { trialsDb, type TrialsDb } from './bulk.js';
import { SHAPEFILE_TYPE, storeFileResource } from '../../../server/import/file-resource.js';
import { loadGermplasmLookup } from '../../../server/import/germplasm-lookup.js';
import { readLayout, REQUIRED_FIELDS } from './shapefile-read.js';
import { parseShort } from './values.js';

/**
 * A trial's plot layout (datatype `shapefile`): a zip with a .shp whose features carry
 * `germplasm`, `row` and `column`, each matching a plot of the target trials dataset. Missing germplasm is
 * only a warning. Beyond Germinate, unknown germplasm (SHAPEFILE_INVALID_ACCENUMB), a plot given twice
 * (SHAPEFILE_DUPLICATE_ROW_COL) and absent fields (SHAPEFILE_MISSING_FIELD) are reported, every occurrence.
 * Nothing of the features is stored: the zip becomes the dataset's "Trials Shapefile" file resource.
 */
export const shapefileImporter: TemplateImporter = {
  type: 'shapefile',
  extensions: ['.zip'],

  async check(file, target, options) {
    const db = trialsDb(target);
    const issues: ImportIssue[] = [];
    const dataset = await targetDataset(db, options);
    if (dataset.issue) issues.push(dataset.issue);
    if (!file.source) return issues.concat(issue('SHAPEFILE_MISSING_SHP', -1, { message: 'The upload is not a zip archive.' }));
    const layout = await readLayout(file.source.path);
    if ('issue' in layout) return issues.concat(layout.issue);
    const sheet = layout.shp;
    const missing = REQUIRED_FIELDS.filter((f) => !layout.fields.includes(f));
    for (const field of missing) issues.push(issue('SHAPEFILE_MISSING_FIELD', -1, { sheet, column: field, value: field, message: `Field '${field}' is missing.` }));
    if (missing.length > 0) return issues;

    const lookup = await loadGermplasmLookup(db);
    const plots = dataset.id === null ? null : await datasetPlots(db, dataset.id);
    const seen = new Map<string, number>();
    for (const feature of layout.features) {
      options.signal?.throwIfAborted();
      const where = (column: string, value: string | null, message?: string) => ({ sheet, column, value, message });
      const place = `row: ${feature.row ?? ''}, column: ${feature.column ?? ''}`;
      if (feature.germplasm === null) {
        issues.push(issue('SHAPEFILE_WARNING_MISSING_ACCENUMB', feature.record, { ...where('germplasm', null, `Missing germplasm in ${place}`), type: 'WARNING' }));
        continue;
      }
      const numbers = (['row', 'column'] as const).map((name) => {
        const text = feature[name];
        if (text === null) {
          issues.push(issue('GENERIC_MISSING_REQUIRED_VALUE', feature.record, where(name, null, `Missing ${name} for germplasm ${feature.germplasm}`)));
          return null;
        }
        const value = parseShort(text);
        if (value === null) issues.push(issue('GENERIC_INVALID_DATATYPE', feature.record, where(name, text, `Specified '${name}' is not a whole number from -32768 to 32767: ${text}`)));
        return value;
      });
      const match = lookup.resolve(feature.germplasm);
      if ('status' in match) {
        issues.push(issue('SHAPEFILE_INVALID_ACCENUMB', feature.record, where('germplasm', feature.germplasm, `Unknown germplasm: ${feature.germplasm}`)));
      }
      const [row, column] = numbers;
      if (row === null || column === null) continue;
      const key = `${row}|${column}`;
      const first = seen.get(key);
      if (first !== undefined) {
        issues.push(issue('SHAPEFILE_DUPLICATE_ROW_COL', feature.record, where('row', `${row}, ${column}`, `Row ${row}, column ${column} is already used by feature ${first}.`)));
      } else {
        seen.set(key, feature.record);
      }
      if ('id' in match && plots && !plots.has(`${row}|${column}|${match.id}`)) {
        issues.push(
          issue('SHAPEFILE_ROW_COL_GERMPLASM_CONFLICT', feature.record, where('germplasm', feature.germplasm, `Row: ${row}, column: ${column}, germplasm: ${feature.germplasm} is not a plot of the trial.`)),
        );
      }
    }
    return issues;
  },

  async write(file: ParsedFile, target, options) {
    const datasetId = options.targetDatasetId;
    if (datasetId === null || datasetId === undefined || !file.source) throw new Error('A checked shapefile upload needs its target dataset (the check reports this).');
    if (!options.dataDir) throw new Error('The data directory is not known: the shapefile cannot be stored.');
    const fileResourceId = await storeFileResource(target.db, file.source, options.dataDir, [datasetId], SHAPEFILE_TYPE, SHAPEFILE_TYPE.description, options.now.toISOString());
    options.progress?.(1);
    return { datasetId, fileResourceId };
  },
};

async function targetDataset(db: TrialsDb, options: ImportOptions): Promise<{ id: number | null; issue?: ImportIssue }> {
  const id = options.targetDatasetId ?? null;
  if (id === null) {
    return { id: null, issue: issue('GENERIC_MISSING_REQUIRED_VALUE', -1, { column: 'datasetId', message: 'A shapefile belongs to a trials dataset: choose one (datasetId).' }) };
  }
  const dataset = await db.selectFrom('datasets').select(['id', 'datasettype_id']).where('id', '=', id).executeTakeFirst();
  if (!dataset || dataset.datasettype_id !== TRIALS_DATASET_TYPE) {
    return { id: null, issue: issue('GENERIC_INVALID_REFERENCE', -1, { column: 'datasetId', value: String(id), message: `Dataset ${id} is not a trials dataset.` }) };
  }
  return { id };
}

/** The dataset's plots as `row|column|germplasm id` (Germinate compares germplasm names; ids also cover display names). */
async function datasetPlots(db: TrialsDb, datasetId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('trialsetup').select(['trial_row', 'trial_column', 'germinatebase_id']).where('dataset_id', '=', datasetId).execute();
  return new Set(rows.map((r) => `${r.trial_row}|${r.trial_column}|${r.germinatebase_id}`));
}
