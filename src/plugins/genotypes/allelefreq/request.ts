import { type } from 'arktype';
import { GenotypeExportRequest } from '../export/request.js';
import type { BinningConfig } from './binning.js';

const count = type('number').or('null');

/** The binning part of the request; its limits are checked by checkBinning (binning.ts). */
const BinningRequest = type({
  binningMethod: "'equal' | 'split' | 'auto'",
  'binsLeft?': count,
  'binsRight?': count,
  'splitPoint?': count,
  '+': 'ignore',
});

/**
 * Germinate's AlleleFrequencyDatasetRequest: the genotype export's request (datasets, markers, germplasm, a
 * map) and `config`, the binning. The histogram call sends the same body without `config`.
 */
export const AlleleFrequencyRequest = GenotypeExportRequest.and(type({ 'config?': BinningRequest.or('null'), '+': 'ignore' }));
export type AlleleFrequencyRequest = typeof AlleleFrequencyRequest.infer;

/** The request's binning as the export reads it (binsLeft checked to be there by checkBinning). */
export function binningOf(request: AlleleFrequencyRequest): BinningConfig | null {
  const config = request.config;
  if (!config) return null;
  return { binningMethod: config.binningMethod, binsLeft: config.binsLeft ?? Number.NaN, binsRight: config.binsRight ?? null, splitPoint: config.splitPoint ?? null };
}
