import path from 'node:path';
import { checkDatasheet } from '../../../server/import/datasheet-checks.js';
import type { ImportIssue, ImportOptions, ParsedFile, StagedWrite, TemplateImporter } from '../../../server/import/importer.js';
import { datasetNames, datasheetOf, stageDataset, writeStaged } from '../import/dataset-importer.js';
import type { GenotypeNames } from '../import/genotype-write.js';
import { ALLELEFREQ_EXTENSIONS } from '../import/readers/open.js';
import { ALLELEFREQ_DATASET_TYPE } from '../tables.js';
import { checkFrequencies, openFrequencies } from './import-check.js';
import { stageFrequencies } from './import-stage.js';
import { writeFrequencies } from './import-write.js';

const baseName = (file: ParsedFile) => path.basename(file.source?.name ?? 'allele frequencies').replace(/\.[^.]+$/, '');

/** The dataset's, map's and marker technology's names: the workbook's METADATA, the text file's `#` lines, or the file's name. */
function namesOf(file: ParsedFile): Promise<GenotypeNames> {
  return datasetNames(file, baseName(file), async () => {
    const reader = await openFrequencies(file);
    const { meta } = reader.header;
    await reader.close();
    return meta;
  });
}

const stage = (file: ParsedFile, options: ImportOptions): Promise<StagedWrite> =>
  stageDataset(file, options, { names: namesOf, stage: stageFrequencies, write: writeFrequencies });

/**
 * Allele frequencies (datatype `allelefreq`, dataset type 4): Germinate's tab-separated source, a germplasm
 * per line and a frequency from 0 to 1 per marker, with the genotype flat file's header lines and map rows,
 * or the genotype workbook (its datasheet, and frequencies in DATA, germplasm by marker). Germplasm must
 * exist, or are created when the curator asks; markers are created as the genotype import creates them.
 * The frequencies go to a file under DATA_DIR/data/allelefreq written before the transaction and removed
 * again when the transaction fails.
 */
export const allelefreqImporter: TemplateImporter = {
  type: 'allelefreq',
  extensions: [...ALLELEFREQ_EXTENSIONS],
  streams: true,

  async check(file, target, options) {
    let issues: ImportIssue[] = [];
    const part = await datasheetOf(file);
    if (part) issues = await checkDatasheet(part, target, { id: ALLELEFREQ_DATASET_TYPE, name: 'allele frequency' });
    options.progress?.(0.1);
    return issues.concat(await checkFrequencies(file, target, options));
  },

  stage: (file, _target, options) => stage(file, options),

  write: async (file, target, options) => writeStaged(await stage(file, options), target),
};
