import { useCallback, useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import type { ApiClient } from '../../../../core/api-client.js';
import { BlockStore, type WindowAnswer } from './blocks.js';
import { GridLines, orderRows, type FieldValue, type RowOrder } from './order.js';
import type { GridOrderBy, GridState } from './pane-state.js';
import { fieldValue, passportRows } from './passport.js';
import { useTraitData, type TraitData } from './use-trait-data.js';

/** A map that holds markers of the dataset (POST dataset/map). */
export interface DatasetMap {
  mapId: number;
  mapName: string;
  markerCount?: number;
}

/** Everything the grid shows besides its cells, and the cells' store. */
export interface GridData {
  /** 'missing': no genotype dataset the caller may use has this id (or its licence is not accepted). */
  status: 'loading' | 'missing' | 'ready';
  datasetName: string | null;
  maps: DatasetMap[];
  meta: WindowAnswer | null;
  /** Whether a sort or group was asked for but cannot apply (too many rows), or its passport or trait values are on their way. */
  ordering: 'none' | 'loading' | 'ready' | 'too-many';
  order: RowOrder | null;
  /** The trials datasets and traits to choose from, and the chosen trait's values. */
  trait: TraitData;
  /** A group's header text from its label (a trait's band reads as its range). */
  groupText(label: FieldValue): string | null;
  lines: GridLines;
  store: BlockStore | null;
  /** Changes whenever a block arrives. */
  version: number;
}

const handlers = (onMissing: () => void) => [{ codes: [403, 404], callback: onMissing }];

/**
 * The grid's data: the dataset's name and maps, the selection's totals and state table (an empty window
 * with every row's germplasm id), the passport values of the sort and group fields fetched live from the
 * germplasm table or the chosen trait's values from the trials data, the row order they give, and the block
 * store of that view. `rangeText` labels a numeric trait's bands.
 */
export function useGridData(api: ApiClient, datasetId: number, state: GridState, rangeText: (from: string, to: string) => string): GridData {
  const [missing, setMissing] = useState(false);
  const valid = Number.isSafeInteger(datasetId) && datasetId > 0;
  const dataset = useSWR(valid ? ['genotypes:grid-dataset', datasetId] : null, () =>
    api
      .table<{ datasetId: number; datasetName?: string }>('dataset/table', { page: 1, limit: 1, filter: [{ column: 'datasetId', comparator: 'equals', operator: 'and', values: [String(datasetId)] }] })
      .then((page) => page.data[0]?.datasetName ?? null),
  );
  const maps = useSWR(valid ? ['genotypes:grid-maps', datasetId] : null, () =>
    api.post<DatasetMap[] | { data: DatasetMap[] }>('dataset/map', { body: { datasetIds: [datasetId] } }).then((answer) => (Array.isArray(answer) ? answer : answer.data)),
  );
  const meta = useSWR(valid ? ['genotypes:grid-meta', datasetId, state.mapId] : null, () =>
    api.post<WindowAnswer>(`dataset/${datasetId}/genotype/window`, {
      body: { mapId: state.mapId, rowOffset: 0, rowCount: 0, columnOffset: 0, columnCount: 0, withRowIds: true },
      handlers: handlers(() => setMissing(true)),
    }),
  );
  const rowIds = meta.data?.rowIds ?? null;
  const trait = useTraitData(api, state, rowIds, rangeText);
  // A trait that cannot apply (not one of its dataset's) is left out rather than waited for.
  const usable = (by: GridOrderBy | null) => (by === 'trait' && trait.status === 'none' ? null : by);
  const sort = usable(state.sort);
  const group = usable(state.group);
  const wantsOrder = sort !== null || group !== null;
  const wantsPassport = (sort !== null && sort !== 'trait') || (group !== null && group !== 'trait');
  const passport = useSWR(wantsPassport && rowIds ? ['genotypes:grid-passport', datasetId, rowIds.length, rowIds[0], rowIds[rowIds.length - 1]] : null, () =>
    passportRows(api, rowIds ?? [], new AbortController().signal),
  );
  const traitOrder = trait.order;
  const order = useMemo(() => {
    if (!wantsOrder || !rowIds) return null;
    if (wantsPassport && !passport.data) return null;
    if ((sort === 'trait' || group === 'trait') && !traitOrder) return null;
    const rows = passport.data;
    const by = (field: GridOrderBy | null, traitKey: 'value' | 'group') => {
      if (field === null) return null;
      if (field === 'trait') return traitOrder ? traitOrder[traitKey] : null;
      return (id: number) => fieldValue(rows?.get(id), field);
    };
    return orderRows(rowIds, by(sort, 'value'), state.descending, by(group, 'group'));
  }, [wantsOrder, wantsPassport, rowIds, passport.data, traitOrder, sort, group, state.descending]);
  const groupText = useCallback((label: FieldValue) => (group === 'trait' && traitOrder ? traitOrder.groupText(label) : label === null ? null : String(label)), [group, traitOrder]);

  const [version, setVersion] = useState(0);
  const rowOrder = order?.ids ?? null;
  const ready = meta.data !== undefined && (!wantsOrder || !rowIds || order !== null);
  const effectiveMap = meta.data?.mapId ?? null;
  const store = useMemo(
    () => (ready ? new BlockStore(api, { datasetId, mapId: effectiveMap, rowOrder }, () => setVersion((v) => v + 1)) : null),
    [ready, api, datasetId, effectiveMap, rowOrder],
  );
  useEffect(() => () => store?.close(), [store]);
  const rowTotal = meta.data?.rowTotal ?? 0;
  const lines = useMemo(() => new GridLines(rowTotal, order?.groups ?? null), [rowTotal, order]);

  let ordering: GridData['ordering'] = 'none';
  if (wantsOrder) ordering = meta.data && !rowIds ? 'too-many' : order ? 'ready' : 'loading';
  return {
    status: missing || !valid ? 'missing' : meta.data ? 'ready' : 'loading',
    datasetName: dataset.data ?? null,
    maps: maps.data ?? [],
    meta: meta.data ?? null,
    ordering,
    order,
    trait,
    groupText,
    lines,
    store,
    version,
  };
}
