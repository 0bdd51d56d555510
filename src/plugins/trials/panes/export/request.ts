import type { ExportState } from './state.js';

/**
 * Germinate's SubsettedDatasetRequest as the trials export sends it to every call (box plots, counts,
 * data rows, the download): the datasets, the traits (x) and the germplasm (y: ids, or groups). Absent
 * lists mean "no restriction", so a choice that selects nobody is not a request at all: the page says
 * what is missing instead of asking for everything.
 */

export interface Subset {
  datasetIds: number[];
  xIds: number[] | null;
  xGroupIds: null;
  yIds: number[] | null;
  yGroupIds: number[] | null;
}

/** Why a germplasm choice selects nobody yet. */
export type EmptyReason = 'noMarked' | 'noGroups' | 'noNames' | 'finding' | 'noMatches';

export type GermplasmChoice = { ok: true; yIds: number[] | null; yGroupIds: number[] | null } | { ok: false; reason: EmptyReason };

/**
 * The germplasm part of the request: everything, the marked germplasm, the chosen groups, or the ids
 * the pasted names were found under (`listIds`: null while they are being looked up).
 */
export function germplasmChoice(state: Pick<ExportState, 'germplasm' | 'groups' | 'names'>, marked: readonly number[], listIds: readonly number[] | null): GermplasmChoice {
  switch (state.germplasm) {
    case 'all':
      return { ok: true, yIds: null, yGroupIds: null };
    case 'marked':
      return marked.length > 0 ? { ok: true, yIds: [...marked], yGroupIds: null } : { ok: false, reason: 'noMarked' };
    case 'groups':
      return state.groups.length > 0 ? { ok: true, yIds: null, yGroupIds: [...state.groups] } : { ok: false, reason: 'noGroups' };
    case 'list':
      if (state.names.length === 0) return { ok: false, reason: 'noNames' };
      if (listIds === null) return { ok: false, reason: 'finding' };
      return listIds.length > 0 ? { ok: true, yIds: [...listIds], yGroupIds: null } : { ok: false, reason: 'noMatches' };
  }
}

/** The request for the datasets, the given traits (none: every trait) and a germplasm choice that selects. */
export function subsetRequest(datasetIds: readonly number[], traits: readonly number[], choice: { yIds: number[] | null; yGroupIds: number[] | null }): Subset {
  return {
    datasetIds: [...datasetIds],
    xIds: traits.length > 0 ? [...traits] : null,
    xGroupIds: null,
    yIds: choice.yIds,
    yGroupIds: choice.yGroupIds,
  };
}

/** The download's file name, as Germinate's page saves it: `trials-dataset-<id-id-…>.txt` or `.xlsx`. */
export function downloadName(datasetIds: readonly number[], format: 'tab' | 'xlsx'): string {
  return `trials-dataset-${datasetIds.join('-')}.${format === 'xlsx' ? 'xlsx' : 'txt'}`;
}
