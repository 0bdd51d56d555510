import path from 'node:path';
import { checkDatasheet } from '../../../server/import/datasheet-checks.js';
import { readDatasheet } from '../../../server/import/datasheet.js';
import { issue, type ImportIssue, type ImportOptions, type ParsedFile, type StagedWrite, type TemplateImporter } from '../../../server/import/importer.js';
import { GENOTYPE_DATASET_TYPE } from '../tables.js';
import { datasetNames, datasheetOf, stageDataset, writeStaged } from './dataset-importer.js';
import { checkGenotypes, openUpload } from './genotype-check.js';
import { stageMatrix } from './genotype-stage.js';
import { writeGenotypes, type GenotypeNames } from './genotype-write.js';
import { checkMap, isMapFile, stageMap } from './map-import.js';

/** METADATA labels a genotype workbook needs besides the datasheet's own. */
const GENOTYPE_LABELS = ['Map Name', 'Marker Technology', 'Genetic or Physical', 'Map Units'] as const;

/** The upload's name without its extensions (`panel.hmp.txt` → `panel`). */
const baseName = (file: ParsedFile) => path.basename(file.source?.name ?? 'genotypes').replace(/(\.hmp)?\.[^.]+$/i, '');

async function namesOf(file: ParsedFile, options: ImportOptions): Promise<GenotypeNames> {
  return datasetNames(file, baseName(file), async () => {
    const reader = await openUpload(file, options);
    const { meta, orientation } = reader.header;
    await reader.close();
    // HapMap and VCF carry single nucleotide polymorphisms; Germinate's flat files say what they carry, or not.
    return { ...meta, markerType: meta.markerType ?? (orientation === 'marker-rows' ? 'SNP' : undefined) };
  });
}

async function stage(file: ParsedFile, options: ImportOptions): Promise<StagedWrite> {
  if (isMapFile(file)) return stageMap(file, options);
  return stageDataset(file, options, { names: namesOf, stage: stageMatrix, write: writeGenotypes });
}

/**
 * Genotypes (datatype `genotype`): Germinate's genotype workbook in either orientation (its datasheet sheets
 * and DATA), its flat text file, Flapjack genotype files, HapMap and VCF; and genetic maps alone (Flapjack
 * `.map`). Calls go to a matrix file written before the write transaction; the transaction adds markers,
 * the dataset, the file's map and the dataset's members, and a failed transaction removes the file again.
 */
export const genotypeImporter: TemplateImporter = {
  type: 'genotype',
  extensions: ['.xlsx', '.txt', '.tsv', '.dat', '.hapmap', '.vcf', '.map'],
  streams: true,

  async check(file, target, options) {
    if (isMapFile(file)) return checkMap(file);
    let issues: ImportIssue[] = [];
    const part = await datasheetOf(file);
    if (part) {
      issues = await checkDatasheet(part, target, { id: GENOTYPE_DATASET_TYPE, name: 'genotype' });
      const metadata = readDatasheet(part).metadata;
      for (const label of GENOTYPE_LABELS) {
        if (!metadata.has(label)) issues.push(issue('GENERIC_MISSING_REQUIRED_VALUE', -1, { sheet: 'METADATA', column: 'A', value: label, message: label }));
      }
    }
    options.progress?.(0.1);
    return issues.concat(await checkGenotypes(file, target, options));
  },

  stage: (file, _target, options) => stage(file, options),

  write: async (file, target, options) => writeStaged(await stage(file, options), target),
};
