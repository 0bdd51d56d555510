import type { ApiClient } from '../../../../core/api-client.js';

/**
 * What the grid reads of trials data, live from the trials API: the trials datasets the caller sees (POST
 * dataset/table), the traits of one (POST dataset/trait) and that trait's recorded values for the grid's
 * germplasm (POST dataset/data/trial/table, batch by batch and page by page).
 */

/** A trials dataset as the choice offers it: one whose licence the caller has not accepted is offered disabled. */
export interface TrialsDataset {
  datasetId: number;
  datasetName: string;
  /** False when the dataset has a licence the caller has not accepted: its data is not served. */
  usable: boolean;
}

/** A trait of a trials dataset (dataset/trait's row, as far as the grid reads it). */
export interface TrialTrait {
  traitId: number;
  traitName: string;
  dataType: string;
  unitAbbreviation?: string;
}

type DatasetRow = { datasetId: number; datasetName?: string; licenseId?: unknown; acceptedBy?: unknown };

/**
 * The trials datasets the caller sees. The server rewrites acceptedBy for the caller: non-empty when they
 * accepted the row's licence (so no plugin's licence code is needed here).
 */
export async function trialsDatasets(api: ApiClient): Promise<TrialsDataset[]> {
  const page = await api.table<DatasetRow>('dataset/table', {
    page: 1,
    limit: 5000,
    orderBy: 'datasetName',
    ascending: 1,
    filter: [{ column: 'datasetType', comparator: 'equals', operator: 'and', values: ['trials'] }],
  });
  return page.data.map((row) => ({
    datasetId: Number(row.datasetId),
    datasetName: row.datasetName ?? String(row.datasetId),
    usable: row.licenseId === null || row.licenseId === undefined || (Array.isArray(row.acceptedBy) && row.acceptedBy.length > 0),
  }));
}

export async function datasetTraits(api: ApiClient, datasetId: number): Promise<TrialTrait[]> {
  const rows = await api.post<TrialTrait[]>('dataset/trait', { body: { datasetIds: [datasetId] } });
  return rows.map((row) => ({ ...row, traitId: Number(row.traitId) }));
}

/** Germplasm ids per request (the inSet filter stays short; one germplasm may have many values). */
const BATCH = 1000;
/** Rows per page: the server's largest page. */
const PAGE = 5000;

type ValueRow = { germplasmId: number; traitValue?: string | null };

/**
 * The recorded values of `traitId` in `datasetId` for these germplasm, by germplasm id (every plot, rep and
 * date: the caller summarises them). A dataset the caller may not use answers no rows.
 */
export async function traitValues(api: ApiClient, datasetId: number, traitId: number, ids: readonly number[], signal: AbortSignal): Promise<Map<number, string[]>> {
  const values = new Map<number, string[]>();
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const filter = [
      { column: 'germplasmId', comparator: 'inSet' as const, operator: 'and' as const, values: batch.map(String) },
      { column: 'traitId', comparator: 'equals' as const, operator: 'and' as const, values: [String(traitId)] },
    ];
    for (let page = 1; ; page += 1) {
      const answer = await api.table<ValueRow>('dataset/data/trial/table', { datasetIds: [datasetId], minimal: true, page, limit: PAGE, filter }, { signal });
      for (const row of answer.data) {
        if (typeof row.traitValue !== 'string') continue;
        const id = Number(row.germplasmId);
        const list = values.get(id);
        if (list) list.push(row.traitValue);
        else values.set(id, [row.traitValue]);
      }
      if (answer.data.length < PAGE) break;
    }
  }
  return values;
}
