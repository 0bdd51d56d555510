import path from 'node:path';
import { genotypeFolder } from '../import/genotype-stage.js';
import type { ExportJobKind } from './export-job.js';
import { phenotypeColumns, type PhenotypeChoice } from './phenotype-values.js';
import { fileTypes, someIds, type GenotypeExportRequest } from './request.js';

/** A genotype export request with its phenotype lists resolved for the caller (in the route, which knows their licences). */
export type GenotypeJobRequest = GenotypeExportRequest & { phenotypes: PhenotypeChoice | null };

/**
 * Genotype export jobs (datatype genotype): the dataset's matrix file written as the requested Flapjack,
 * HapMap and VCF files (export-task.ts), their job_config naming the file types as Germinate does; with
 * traits chosen, a Flapjack phenotype file of their values for the exported germplasm (read here, by
 * batches, summarised before the worker takes them).
 */
export const genotypeExportJob: ExportJobKind<'genotype', GenotypeJobRequest> = {
  datatype: 'genotype',
  what: 'genotype',
  config: (request) => ({
    fileTypes: fileTypes(request),
    ...(request.phenotypes ? { phenotypeDatasetIds: someIds(request.phenotypeDatasetIds), phenotypeTraitIds: someIds(request.phenotypeTraitIds) } : {}),
  }),
  describe: (request) => fileTypes(request).join(', ') || 'identifiers only',
  storedFile: (dataDir, sourceFile) => path.join(genotypeFolder(dataDir), sourceFile),
  task: async ({ file, ...common }, request, { db, dialect, log }) => {
    const choice = request.phenotypes;
    let phenotypes = null;
    if (choice) {
      if (choice.leftOut.length > 0) {
        log(`Phenotypes: left out trials datasets ${choice.leftOut.join(', ')} (not trials datasets, not visible to you, or their licence not accepted).`);
      }
      if (choice.traits.length === 0) log('Phenotypes: none of the chosen traits exists: the phenotype file holds no values.');
      const { germplasm } = common;
      phenotypes = await phenotypeColumns(db, dialect, choice, germplasm.ids ?? [], germplasm.selected);
      log(`Phenotypes: ${choice.traits.length} traits from trials datasets ${choice.datasetIds.join(', ') || '(none)'}; ${phenotypes.cells.filter((c) => c !== null).length} germplasm have values.`);
    }
    return {
      ...common,
      matrixFile: file,
      formats: { flapjack: request.generateFlatFile !== false, hapmap: request.generateHapMap === true, vcf: request.generateVcf === true },
      phenotypes,
    };
  },
  wrote: (outcome) => `${outcome.germplasm} germplasm × ${outcome.markers} markers`,
};
