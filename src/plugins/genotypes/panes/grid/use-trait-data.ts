import { useMemo } from 'react';
import useSWR from 'swr';
import type { ApiClient } from '../../../../core/api-client.js';
import type { GridState } from './pane-state.js';
import { traitOrder, traitSummaries, type TraitOrder } from './trait-order.js';
import { datasetTraits, traitValues, trialsDatasets, type TrialsDataset, type TrialTrait } from './trial-values.js';

/** The trials side of the grid: what the trait choice offers, and the chosen trait's values once asked for. */
export interface TraitData {
  datasets: TrialsDataset[];
  /** The chosen dataset's traits (empty until it is chosen and they arrive). */
  traits: TrialTrait[];
  /** The chosen trait, once the traits arrived (null: none chosen, or not a trait of the dataset). */
  trait: TrialTrait | null;
  /**
   * 'none': sort and group do not ask for the trait, or it cannot apply (not a trait of the dataset, its
   * values could not be read); 'loading': its traits or values are on their way; 'ready': `order` holds.
   */
  status: 'none' | 'loading' | 'ready';
  order: TraitOrder | null;
}

/**
 * Reads the trials datasets, the chosen one's traits and, when rows are sorted or grouped by the trait, its
 * values for `rowIds` (the grid's germplasm), summarised per germplasm.
 */
export function useTraitData(api: ApiClient, state: GridState, rowIds: readonly number[] | null, rangeText: (from: string, to: string) => string): TraitData {
  const datasets = useSWR('genotypes:grid-trials-datasets', () => trialsDatasets(api), { revalidateOnFocus: false });
  const datasetId = state.trialDatasetId;
  const traits = useSWR(datasetId !== null ? ['genotypes:grid-trials-traits', datasetId] : null, () => datasetTraits(api, datasetId ?? 0), { revalidateOnFocus: false });
  const trait = traits.data?.find((t) => t.traitId === state.traitId) ?? null;
  const wanted = state.sort === 'trait' || state.group === 'trait';
  const key = wanted && rowIds && datasetId !== null && trait ? ['genotypes:grid-trait-values', datasetId, trait.traitId, rowIds.length, rowIds[0], rowIds[rowIds.length - 1]] : null;
  const values = useSWR(key, () => traitValues(api, datasetId ?? 0, trait?.traitId ?? 0, rowIds ?? [], new AbortController().signal), { revalidateOnFocus: false });
  const datatype = trait?.dataType ?? 'text';
  const order = useMemo(() => (values.data ? traitOrder(datatype, traitSummaries(datatype, values.data), rangeText) : null), [values.data, datatype, rangeText]);
  let status: TraitData['status'] = 'none';
  if (wanted && datasetId !== null) {
    if (!traits.data && !traits.error) status = 'loading';
    else if (trait && !values.error) status = key && order ? 'ready' : 'loading';
  }
  return { datasets: datasets.data ?? [], traits: traits.data ?? [], trait, status, order: status === 'ready' ? order : null };
}
