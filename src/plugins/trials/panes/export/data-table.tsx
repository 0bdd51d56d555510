import { useMemo } from 'react';
import type { ApiClient } from '../../../../core/api-client.js';
import { defaultCellText, type TableColumn, type TableDeclaration } from '../../../../core/table-declaration.js';
import { ServicesContext, useServices } from '../../../../shell/pane-api.js';
import { TableView } from '../../../../shell/table/TableView.js';
import type { TrialsDataRow } from '../../api-types.js';
import type { PageContext } from './context.js';
import { ChoiceProblem } from './notes.js';
import { subsetRequest, type Subset } from './request.js';

const column = (id: string, type: TableColumn['type'] = 'text', hidden = false): TableColumn => ({ id, titleKey: `trials.export.column.${id}`, type, hidden });

/** The data table's columns under Germinate's names; ids, plot positions and details start hidden. */
export const TRIALS_DATA_COLUMNS: readonly TableColumn[] = [
  column('germplasmId', 'number', true),
  column('germplasmGid'),
  column('germplasmName'),
  column('germplasmDisplayName', 'text', true),
  column('entityParentName', 'text', true),
  column('entityParentGeneralIdentifier', 'text', true),
  column('entityType', 'text', true),
  column('datasetId', 'number', true),
  column('datasetName'),
  column('datasetDescription', 'text', true),
  column('locationName'),
  column('countryName', 'text', true),
  column('traitId', 'number', true),
  column('traitName'),
  column('traitNameShort', 'text', true),
  column('traitDataType', 'text', true),
  column('unitName'),
  column('treatment'),
  column('trialsetupId', 'number', true),
  column('rep'),
  column('block', 'text', true),
  column('trialRow', 'number'),
  column('trialColumn', 'number'),
  column('latitude', 'number', true),
  column('longitude', 'number', true),
  column('elevation', 'number', true),
  column('recordingDate', 'date'),
  column('traitValue'),
];

/** Recording dates as the day they name (the timestamps' midnight says nothing). */
function cellText(row: Record<string, unknown>, key: string): string {
  const value = row[key];
  if (key === 'recordingDate' && typeof value === 'string') return value.slice(0, 10);
  return defaultCellText(value);
}

/** Germinate's hidden-columns key of this table is `trialsData`. */
export const trialsDataTable: TableDeclaration<TrialsDataRow> = {
  id: 'trialsData',
  path: 'dataset/data/trial/table',
  exportPath: 'dataset/data/trial/table/export',
  exportName: 'trials-data-table.zip',
  columns: TRIALS_DATA_COLUMNS,
  rowId: (row) => row.germplasmId,
  rowTitle: (row) => `${row.germplasmName} · ${String(row.traitName ?? '')}: ${String(row.traitValue ?? '')}`,
  markType: 'germplasm',
  // The germplasm plugin's passport, by its pane type id (plugins never import each other).
  open: (row) => ({ type: 'germplasm:passport', params: { germplasmId: String(row.germplasmId) } }),
  cellText,
};

/**
 * An api whose table calls carry the page's selection: the shared table sends a PaginatedRequest, and
 * the trials data calls read the datasets, traits and germplasm from the same body (a
 * SubsettedDatasetRequest), for its pages, its ids and its export alike.
 */
export function withSubset(api: ApiClient, subset: Subset): ApiClient {
  return {
    ...api,
    table: (path, request, options) => api.table(path, { ...request, ...subset }, options),
    tableIds: (path, request, options) => api.tableIds(path, { ...request, ...subset }, options),
    tableExport: (path, request, options) => api.tableExport(path, { ...request, ...subset }, options),
  };
}

/** The table tab: the data points of the chosen traits and germplasm (all traits when none are chosen). */
export function TableTab({ context }: { context: PageContext }) {
  const services = useServices();
  const { t } = services;
  const { choice, datasetIds, state, update } = context;
  const subset = choice.ok ? subsetRequest(datasetIds, state.traits, choice) : null;
  const subsetKey = JSON.stringify(subset);
  const scoped = useMemo(
    () => (subset ? { ...services, api: withSubset(services.api, subset) } : null),
    // Keyed by the selection's content: `subset` is rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [services, subsetKey],
  );
  if (!scoped) return <ChoiceProblem context={context} />;
  return (
    <div className="trials-export-table">
      <ServicesContext.Provider value={scoped}>
        {/* A new selection is a new table: its rows, count and page start again. */}
        <TableView
          key={subsetKey}
          declaration={trialsDataTable}
          paneKey={context.paneKey}
          state={state.table}
          setState={(table) => update({ table })}
          label={t('trials.export.tab.table')}
        />
      </ServicesContext.Provider>
    </div>
  );
}
