import type { BinningConfig } from '../../allelefreq/binning.js';
import { chosenMap, markerChoice, selection, type ExportInput, type GenotypeExportBody, type Outcome } from '../export/request.js';
import type { GenotypeSelection } from '../export/state.js';
import { binningConfig, type BinningChoice } from './binning-choice.js';

/**
 * Germinate's requests of the allele-frequency export page: the histogram call sends the genotype export's
 * subset (datasets, markers as x, germplasm as y, the map) and the export sends the same with `config`, the
 * binning. The server uses the first of the datasets the caller may export, so all of the page's are sent.
 */
export type FrequencySubsetBody = Pick<GenotypeExportBody, 'datasetIds' | 'xIds' | 'xGroupIds' | 'yIds' | 'yGroupIds' | 'mapId'>;

export interface FrequencyExportBody extends FrequencySubsetBody {
  config: BinningConfig;
}

/** The genotype page's input, with this page's state (only its germplasm, markers and map are read). */
export type SubsetInput = Omit<ExportInput, 'state'> & { state: GenotypeSelection };

/** The subset the histogram and the export read, or the first thing missing (the genotype page's problems). */
export function subsetRequest({ datasetIds, state, germplasm, markedMarkers, maps }: SubsetInput): Outcome<FrequencySubsetBody> {
  const chosen = selection(germplasm, markerChoice(state, markedMarkers));
  if (!chosen.ok) return chosen;
  return { ok: true, body: { datasetIds: [...datasetIds], ...chosen.body, mapId: chosenMap(state.map, maps) } };
}

export function exportBody(subset: FrequencySubsetBody, binning: BinningChoice): FrequencyExportBody {
  return { ...subset, config: binningConfig(binning) };
}
