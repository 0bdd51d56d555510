import type { ImportDb, ImportOptions, ImportStats, ParsedFile } from '../../../server/import/importer.js';
import type { StagedFile } from '../import/genotype-stage.js';
import { newGermplasmStat, writeDataset, type GenotypeNames } from '../import/genotype-write.js';
import { ALLELEFREQ_DATASET_TYPE } from '../tables.js';

/**
 * The database part of an allele-frequency import, in the pipeline's transaction, as the genotype import
 * does it (writeDataset): the markers, the dataset (type 4) pointing at the staged file, the file's map when
 * it has map rows, and the dataset's members.
 */
export async function writeFrequencies(staged: StagedFile, datasheet: ParsedFile | null, target: ImportDb, names: GenotypeNames, options: ImportOptions): Promise<ImportStats> {
  const written = await writeDataset(staged, datasheet, target, names, options, ALLELEFREQ_DATASET_TYPE);
  const map = written.map ? { mapId: written.map.id, mapDefinitions: written.map.definitions } : {};
  return { datasetId: written.datasetId, newMarkers: written.newMarkers, ...map, germplasm: written.germplasm, ...newGermplasmStat(written), markers: written.markers };
}
