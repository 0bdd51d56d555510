import useSWR from 'swr';
import type { ApiClient } from '../../../../core/api-client.js';
import { useServices } from '../../../../shell/pane-api.js';
import type { OverlayCorners } from '../../../../shell/widgets/map/overlay.js';
import { byClimateId, type ClimateDataTableRow, type ClimateTableRow } from './columns.js';

/** The reads of a climate's page, shared by its tabs. */

/** A dataset holding values of the climate, as the datasets table shows it to the caller (ViewTableDatasets). */
export type ClimateDataset = {
  datasetId: number;
  datasetName?: string | null;
  datasetDescription?: string | null;
  experimentName?: string | null;
  licenseId?: number | null;
  licenseName?: string | null;
  acceptedBy?: unknown;
} & Record<string, unknown>;

/** A map overlay of the climate (`mapoverlay/table`). */
export type ClimateOverlay = OverlayCorners & {
  mapoverlayName?: string | null;
  mapoverlaysIsLegend?: boolean | number | null;
  mapoverlayDescription?: string | null;
  recordingDate?: string | null;
  datasetName?: string | null;
} & Record<string, unknown>;

/** Values the chart draws at most: a few thousand points stay readable and quick to draw. */
export const CHART_CAP = 20_000;
/** The datasets and overlays of a climate shown at once. */
const LIST_MAX = 1000;

/** The climate's row of the climate table; null when no climate has the id. */
export function useClimate(climateId: number | null) {
  const { api } = useServices();
  return useSWR(climateId === null ? null : ['climate:climate', climateId], () =>
    api.table<ClimateTableRow>('climate/table', { page: 1, limit: 1, filter: byClimateId(climateId ?? 0) }).then((result) => result.data[0] ?? null),
  );
}

export function useClimateDatasets(climateId: number | null) {
  const { api } = useServices();
  return useSWR(climateId === null ? null : ['climate:datasets', climateId], () =>
    api.table<ClimateDataset>(`climate/${climateId}/dataset`, { page: 1, limit: LIST_MAX, orderBy: 'datasetName', ascending: 1 }).then((r) => r.data),
  );
}

export function useClimateOverlays(climateId: number | null) {
  const { api } = useServices();
  return useSWR(climateId === null ? null : ['climate:overlays', climateId], () =>
    api
      .table<ClimateOverlay>('mapoverlay/table', {
        page: 1,
        limit: LIST_MAX,
        orderBy: 'recordingDate',
        ascending: 1,
        filter: [
          { column: 'referenceTable', comparator: 'equals', operator: 'and', values: ['climates'] },
          { column: 'foreignId', comparator: 'equals', operator: 'and', values: [String(climateId)] },
        ],
      })
      .then((r) => r.data),
  );
}

/** Pages of climate data rows for a request (datasets, climates, locations), up to `cap`; `count` is how many there are. */
export async function valueRows(api: ApiClient, request: Record<string, unknown>, cap = CHART_CAP): Promise<{ rows: ClimateDataTableRow[]; count: number }> {
  const limit = Math.min(5000, cap);
  const rows: ClimateDataTableRow[] = [];
  let count = 0;
  for (let page = 1; rows.length < cap; page += 1) {
    const body = { ...request, page, limit, orderBy: 'recordingDate', ascending: 1, prevCount: page === 1 ? -1 : count };
    const result = await api.table<ClimateDataTableRow>('dataset/data/climate/table', body);
    count = result.count;
    rows.push(...result.data.slice(0, cap - rows.length));
    if (result.data.length < limit || rows.length >= count) break;
  }
  return { rows, count };
}

/** The climate's values in the datasets the caller may read, by date (see valueRows). */
export const climateValues = (api: ApiClient, climateId: number) => valueRows(api, { xIds: [climateId] });

/** Whether the caller accepted the dataset's licence (the server names them in `acceptedBy`); none needed without one. */
export function licenceAccepted(row: Pick<ClimateDataset, 'licenseId' | 'acceptedBy'>): boolean {
  if (row.licenseId === null || row.licenseId === undefined) return true;
  return Array.isArray(row.acceptedBy) && row.acceptedBy.length > 0;
}
