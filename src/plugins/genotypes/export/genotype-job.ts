import path from 'node:path';
import { genotypeFolder } from '../import/genotype-stage.js';
import type { ExportJobKind } from './export-job.js';
import { fileTypes, type GenotypeExportRequest } from './request.js';

/**
 * Genotype export jobs (datatype genotype): the dataset's matrix file written as the requested Flapjack,
 * HapMap and VCF files (export-task.ts), their job_config naming the file types as Germinate does.
 */
export const genotypeExportJob: ExportJobKind<'genotype', GenotypeExportRequest> = {
  datatype: 'genotype',
  what: 'genotype',
  config: (request) => ({ fileTypes: fileTypes(request) }),
  describe: (request) => fileTypes(request).join(', ') || 'identifiers only',
  storedFile: (dataDir, sourceFile) => path.join(genotypeFolder(dataDir), sourceFile),
  task: ({ file, ...common }, request) => ({
    ...common,
    matrixFile: file,
    formats: { flapjack: request.generateFlatFile !== false, hapmap: request.generateHapMap === true, vcf: request.generateVcf === true },
  }),
  wrote: (outcome) => `${outcome.germplasm} germplasm × ${outcome.markers} markers`,
};
