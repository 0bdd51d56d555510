import { defaultCellText, type TableColumn, type TableDeclaration } from '../../../core/table-declaration.js';
import type { TrialsDataColumn, TrialsDataRow } from '../api-types.js';

/**
 * The trials data table (`dataset/data/trial/table`, Germinate's ViewTableTrialsData): one row per data
 * point. The export page and a trait's details show it; what it holds comes with the request body beside
 * the filters (the datasets, traits and germplasm of a SubsettedDatasetRequest: TableView's `body`).
 */

const column = (id: TrialsDataColumn, type: TableColumn['type'] = 'text', hidden = false): TableColumn => ({
  id,
  titleKey: `trials.export.column.${id}`,
  type,
  hidden,
});

/** The columns under Germinate's names; ids, plot positions and details start hidden. */
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

/** Recording dates as the day they name: the server sends midnight UTC of the day recorded. */
function cellText(row: Record<string, unknown>, key: string): string {
  const value = row[key];
  if (key === 'recordingDate' && typeof value === 'string') return value.slice(0, 10);
  return defaultCellText(value);
}

/**
 * Germinate's hidden-columns key of this table is `trialsData`. Rows mark their germplasm; Enter opens
 * its passport (the germplasm plugin's pane, by its type id: plugins never import each other).
 */
export const trialsDataTable: TableDeclaration<TrialsDataRow> = {
  id: 'trialsData',
  path: 'dataset/data/trial/table',
  exportPath: 'dataset/data/trial/table/export',
  exportName: 'trials-data-table.zip',
  columns: TRIALS_DATA_COLUMNS,
  rowId: (row) => row.germplasmId,
  rowTitle: (row) => `${row.germplasmName} · ${row.traitName ?? ''}: ${row.traitValue ?? ''}`,
  markType: 'germplasm',
  open: (row) => ({ type: 'germplasm:passport', params: { germplasmId: String(row.germplasmId) } }),
  cellText,
};
