import path from 'node:path';
import type { ExportJobKind } from '../export/export-job.js';
import type { BinningConfig } from './binning.js';
import { allelefreqFolder } from './frequency-file.js';
import type { AlleleFrequencyRequest } from './request.js';

/** An allele-frequency export as its job runs it: the request, and its binning as checked (binning.ts). */
export type AllelefreqJobRequest = AlleleFrequencyRequest & { binning: BinningConfig };

/**
 * Allele-frequency export jobs (datatype allelefreq): the dataset's frequency file written unbinned and
 * binned (export-task.ts) by the same worker and job runner as genotype exports, the binning kept in the
 * job's config as Germinate's binningConfig.
 */
export const allelefreqExportJob: ExportJobKind<'allelefreq', AllelefreqJobRequest> = {
  datatype: 'allelefreq',
  what: 'allele frequency',
  config: (request) => ({ binningConfig: request.binning }),
  describe: (request) => JSON.stringify(request.binning),
  storedFile: (dataDir, sourceFile) => path.join(allelefreqFolder(dataDir), path.basename(sourceFile)),
  task: ({ file, ...common }, request) => ({ ...common, sourceFile: file, binning: request.binning }),
  wrote: (outcome) => `${outcome.germplasm} germplasm × ${outcome.markers} markers in ${outcome.bins} bins`,
};
