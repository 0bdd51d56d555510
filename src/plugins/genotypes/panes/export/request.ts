import type { EmptyReason, GermplasmChoice } from '../../../../shell/export/germplasm-choice.js';
import type { GenotypeExportState, MapChoice } from './state.js';

/**
 * Germinate's SubsettedGenotypeDatasetRequest as the page sends it (`dataset/export/genotype`, and merged
 * with page 0 and the largest limit for `dataset/export/genotype/summary`): the ticked datasets, the
 * markers (x: ids or groups), the germplasm (y: ids or groups), the map and the files. Absent lists mean
 * "no restriction", so a choice that selects nothing is no request: the page says what is missing.
 */

/** A map of the datasets (`dataset/map`), with its number of markers. */
export interface DatasetMap {
  mapId: number;
  mapName: string | null;
  markerCount: number;
}

export interface GenotypeExportBody {
  datasetIds: number[];
  xIds: number[] | null;
  xGroupIds: number[] | null;
  yIds: number[] | null;
  yGroupIds: number[] | null;
  mapId: number | null;
  generateFlatFile: boolean;
  generateHapMap: boolean;
  /** This server writes no Flapjack project (Germinate makes it with Flapjack's own program). */
  generateFlapjackProject: false;
  generateVcf: boolean;
  /** Our addition: trials datasets and traits for a Flapjack phenotype file (absent: no such file). */
  phenotypeDatasetIds?: number[];
  phenotypeTraitIds?: number[];
}

/** Why the page has nothing to export yet: the germplasm choice's reasons and the page's own. */
export type ExportProblem = EmptyReason | 'noMarkedMarkers' | 'noMarkerGroups' | 'noFormat' | 'noDatasets';

export type Outcome<T> = { ok: true; body: T } | { ok: false; problem: ExportProblem };

type MarkerChoice = { ok: true; xIds: number[] | null; xGroupIds: number[] | null } | { ok: false; problem: ExportProblem };

/** The markers part: everything, the marked markers or the ticked marker groups. */
export function markerChoice(state: Pick<GenotypeExportState, 'markers' | 'markerGroups'>, marked: readonly number[]): MarkerChoice {
  switch (state.markers) {
    case 'all':
      return { ok: true, xIds: null, xGroupIds: null };
    case 'marked':
      return marked.length > 0 ? { ok: true, xIds: [...marked], xGroupIds: null } : { ok: false, problem: 'noMarkedMarkers' };
    case 'groups':
      return state.markerGroups.length > 0 ? { ok: true, xIds: null, xGroupIds: [...state.markerGroups] } : { ok: false, problem: 'noMarkerGroups' };
  }
}

/** The map preselected: the one with the most markers (the first of those on a tie), or none without maps. */
export function defaultMap(maps: readonly DatasetMap[]): number | null {
  let best: DatasetMap | null = null;
  for (const map of maps) if (best === null || map.markerCount > best.markerCount) best = map;
  return best?.mapId ?? null;
}

/** The map to send: the one chosen if the datasets have it, none when so chosen, else the preselected one. */
export function chosenMap(choice: MapChoice, maps: readonly DatasetMap[]): number | null {
  if (choice === 'none') return null;
  if (choice !== null && maps.some((map) => map.mapId === choice)) return choice;
  return defaultMap(maps);
}

/** The datasets to export: one is implied; of several, those not unticked in the summary. */
export function tickedDatasets(datasetIds: readonly number[], unticked: readonly number[]): number[] {
  if (datasetIds.length === 1) return [...datasetIds];
  const out = new Set(unticked);
  return datasetIds.filter((id) => !out.has(id));
}

/** The selection without datasets and files: what the summary counts. */
export function selection(germplasm: GermplasmChoice, markers: MarkerChoice): Outcome<Pick<GenotypeExportBody, 'xIds' | 'xGroupIds' | 'yIds' | 'yGroupIds'>> {
  if (!germplasm.ok) return { ok: false, problem: germplasm.reason };
  if (!markers.ok) return markers;
  return { ok: true, body: { xIds: markers.xIds, xGroupIds: markers.xGroupIds, yIds: germplasm.yIds, yGroupIds: germplasm.yGroupIds } };
}

export interface ExportInput {
  /** The page's datasets (its address, checked by the export pane). */
  datasetIds: readonly number[];
  state: GenotypeExportState;
  germplasm: GermplasmChoice;
  markedMarkers: readonly number[];
  maps: readonly DatasetMap[];
}

/** The export request, or the first thing that is missing (germplasm, markers, a file, a dataset). */
export function exportRequest({ datasetIds, state, germplasm, markedMarkers, maps }: ExportInput): Outcome<GenotypeExportBody> {
  const chosen = selection(germplasm, markerChoice(state, markedMarkers));
  if (!chosen.ok) return chosen;
  if (state.formats.length === 0) return { ok: false, problem: 'noFormat' };
  const ticked = tickedDatasets(datasetIds, state.unticked);
  if (ticked.length === 0) return { ok: false, problem: 'noDatasets' };
  return {
    ok: true,
    body: {
      datasetIds: ticked,
      ...chosen.body,
      mapId: chosenMap(state.map, maps),
      generateFlatFile: state.formats.includes('flatFile'),
      generateHapMap: state.formats.includes('hapMap'),
      generateFlapjackProject: false,
      generateVcf: state.formats.includes('vcf'),
      ...phenotypePart(state),
    },
  };
}

/** The phenotype file's lists, sent only when both name something (the server writes the file then). */
export function phenotypePart(state: Pick<GenotypeExportState, 'phenotypeDatasets' | 'phenotypeTraits'>): Pick<GenotypeExportBody, 'phenotypeDatasetIds' | 'phenotypeTraitIds'> {
  if (state.phenotypeDatasets.length === 0 || state.phenotypeTraits.length === 0) return {};
  return { phenotypeDatasetIds: [...state.phenotypeDatasets], phenotypeTraitIds: [...state.phenotypeTraits] };
}

/** The message of a problem: the germplasm choice's are the export pages' shared ones. */
export function problemKey(problem: ExportProblem): string {
  switch (problem) {
    case 'noMarked':
    case 'noGroups':
    case 'noNames':
    case 'finding':
    case 'noMatches':
      return `shell.export.reason.${problem}`;
    default:
      return `genotypes.exportPage.reason.${problem}`;
  }
}
