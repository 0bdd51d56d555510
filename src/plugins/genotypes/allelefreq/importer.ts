import fs from 'node:fs';
import path from 'node:path';
import { checkDatasheet } from '../../../server/import/datasheet-checks.js';
import { readDatasheet } from '../../../server/import/datasheet.js';
import type { ImportIssue, ImportOptions, ParsedFile, StagedWrite, TemplateImporter } from '../../../server/import/importer.js';
import { datasheetPart } from '../import/datasheet-part.js';
import type { GenotypeNames } from '../import/genotype-write.js';
import { ALLELEFREQ_EXTENSIONS } from '../import/readers/open.js';
import { ALLELEFREQ_DATASET_TYPE } from '../tables.js';
import { checkFrequencies, openFrequencies } from './import-check.js';
import { stageFrequencies } from './import-stage.js';
import { writeFrequencies } from './import-write.js';

const parts = new WeakMap<ParsedFile, Promise<ParsedFile>>();
/** The workbook's datasheet sheets, read once for check and write (null for text files). */
function datasheetOf(file: ParsedFile): Promise<ParsedFile> | null {
  if (file.kind !== 'xlsx') return null;
  let part = parts.get(file);
  if (!part) {
    part = datasheetPart(file);
    parts.set(file, part);
  }
  return part;
}

const baseName = (file: ParsedFile) => path.basename(file.source?.name ?? 'allele frequencies').replace(/\.[^.]+$/, '');

/** The dataset's, map's and marker technology's names: the workbook's METADATA, the text file's `#` lines, or the file's name. */
async function namesOf(file: ParsedFile): Promise<GenotypeNames> {
  const part = await datasheetOf(file);
  if (part) {
    const metadata = readDatasheet(part).metadata;
    return { dataset: metadata.get('Title') ?? baseName(file), map: metadata.get('Map Name') ?? baseName(file), markerType: metadata.get('Marker Technology') ?? 'UNKNOWN' };
  }
  const reader = await openFrequencies(file);
  const { meta } = reader.header;
  await reader.close();
  return { dataset: meta.dataset ?? baseName(file), map: meta.map ?? baseName(file), markerType: meta.markerType ?? 'UNKNOWN' };
}

async function stage(file: ParsedFile, options: ImportOptions): Promise<StagedWrite> {
  const names = await namesOf(file);
  const staged = await stageFrequencies(file, options);
  const part = await datasheetOf(file);
  const write: StagedWrite = (db) => writeFrequencies(staged, part, db, names, options);
  write.discard = () => fs.rmSync(staged.path, { force: true });
  return write;
}

/**
 * Allele frequencies (datatype `allelefreq`, dataset type 4): Germinate's tab-separated source, a germplasm
 * per line and a frequency from 0 to 1 per marker, with the genotype flat file's header lines and map rows,
 * or the genotype workbook (its datasheet, and frequencies in DATA, germplasm by marker). Germplasm must
 * exist; markers are created as the genotype import creates them. The frequencies go to a file under
 * DATA_DIR/data/allelefreq written before the transaction and removed again when the transaction fails.
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

  async write(file, target, options) {
    const write = await stage(file, options);
    try {
      return await write(target);
    } catch (error) {
      await write.discard?.();
      throw error;
    }
  },
};
