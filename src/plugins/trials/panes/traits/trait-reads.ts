import useSWR from 'swr';
import { ApiError, type ApiClient } from '../../../../core/api-client.js';
import type { Filter } from '../../../../core/table-request.js';
import { useServices } from '../../../../shell/pane-api.js';
import type { TraitRow } from './columns.js';

/** The reads of a trait's details pane, shared by its sections. */

/** A dataset holding values of the trait, as the datasets table shows it to the caller (ViewTableDatasets). */
export type TraitDataset = {
  datasetId: number;
  datasetName?: string | null;
  datasetDescription?: string | null;
  datasetType?: string | null;
  experimentName?: string | null;
  licenseId?: number | null;
  licenseName?: string | null;
  acceptedBy?: unknown;
  dataPointCount?: { value?: number } | null;
} & Record<string, unknown>;

/** The datasets of a trait a reader may be shown at once; more are listed in the datasets table. */
export const MAX_DATASETS = 1000;

/**
 * Whether the caller accepted the dataset's licence: the server names the caller in `acceptedBy` when
 * they did (an empty list when not); a dataset without a licence needs none.
 */
export function licenceAccepted(row: Pick<TraitDataset, 'licenseId' | 'acceptedBy'>): boolean {
  if (row.licenseId === null || row.licenseId === undefined) return true;
  return Array.isArray(row.acceptedBy) && row.acceptedBy.length > 0;
}

export interface TraitDatasets {
  all: TraitDataset[];
  /** The trials datasets whose values the caller reads (licence accepted), by name. */
  readable: TraitDataset[];
  /** Those whose licence the caller has not accepted: their values are left out everywhere. */
  unaccepted: TraitDataset[];
}

export function splitDatasets(rows: readonly TraitDataset[]): TraitDatasets {
  const trials = rows.filter((row) => row.datasetType === undefined || row.datasetType === null || row.datasetType === 'trials');
  return { all: [...rows], readable: trials.filter(licenceAccepted), unaccepted: trials.filter((row) => !licenceAccepted(row)) };
}

export const byTraitId = (traitId: number): Filter[] => [{ column: 'traitId', comparator: 'equals', operator: 'and', values: [String(traitId)] }];

/** A call whose "nothing there" (404) is an answer, not an error the reader must be told about. */
export async function orNothing<T>(call: (handlers: { codes: number[]; callback(): void }[]) => Promise<T>): Promise<T | null> {
  try {
    return await call([{ codes: [404], callback: () => {} }]);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The trait's row of the traits table; null when no trait has the id. */
export function useTrait(traitId: number | null) {
  const { api } = useServices();
  return useSWR(traitId === null ? null : ['trials:trait', traitId], () =>
    api.table<TraitRow>('trait/table', { page: 1, limit: 1, filter: byTraitId(traitId ?? 0) }).then((result) => result.data[0] ?? null),
  );
}

export function useTraitDatasets(traitId: number | null) {
  const { api } = useServices();
  return useSWR(traitId === null ? null : ['trials:trait-datasets', traitId], async () => {
    const result = await api.table<TraitDataset>(`trait/${traitId}/dataset`, { page: 1, limit: MAX_DATASETS, orderBy: 'datasetName', ascending: 1 });
    return splitDatasets(result.data);
  });
}

/** Pages of trials data rows, up to `cap` rows; `count` is how many there are in all. */
export async function trialRows<R>(api: ApiClient, body: Record<string, unknown>, cap: number, signal?: AbortSignal): Promise<{ rows: R[]; count: number }> {
  const limit = Math.min(5000, cap);
  const rows: R[] = [];
  let count = 0;
  for (let page = 1; rows.length < cap; page += 1) {
    const result = await api.table<R>('dataset/data/trial/table', { ...body, page, limit, prevCount: page === 1 ? -1 : count }, { signal });
    count = result.count;
    rows.push(...result.data.slice(0, cap - rows.length));
    if (result.data.length < limit || rows.length >= count) break;
  }
  return { rows, count };
}
