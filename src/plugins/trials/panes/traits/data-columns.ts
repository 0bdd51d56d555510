import { defaultCellText, type TableColumn, type TableDeclaration } from '../../../../core/table-declaration.js';
import type { TrialsDataRow } from '../../api-types.js';

/** The germplasm's passport (the germplasm plugin's pane: plugins meet through pane ids). */
const PASSPORT = 'germplasm:passport';

const column = (id: string, type: TableColumn['type'] = 'text', hidden = false): TableColumn => ({ id, titleKey: `trials.trait.data.column.${id}`, type, hidden });

/** The columns of a trait's values: who, where, when and the value; the rest of Germinate's row starts hidden. */
export const TRIAL_DATA_COLUMNS: readonly TableColumn[] = [
  column('germplasmName'),
  column('germplasmDisplayName', 'text', true),
  column('germplasmGid', 'text', true),
  column('datasetName'),
  column('locationName'),
  column('countryName', 'text', true),
  column('treatment'),
  column('rep'),
  column('block', 'text', true),
  column('trialRow', 'number'),
  column('trialColumn', 'number'),
  column('latitude', 'number', true),
  column('longitude', 'number', true),
  column('elevation', 'number', true),
  column('recordingDate', 'date'),
  column('traitValue'),
  column('unitName', 'text', true),
];

/** A recording date as its day: the server sends midnight UTC of the day recorded. */
function dataCell(row: Record<string, unknown>, key: string): string {
  const value = row[key];
  if (key === 'recordingDate' && typeof value === 'string') return value.slice(0, 10);
  return defaultCellText(value);
}

/**
 * The values of one trait in the datasets the reader may use (the server gates them): the pane fixes the
 * trait as a filter. Rows mark their germplasm; Enter opens its passport.
 */
export const traitDataTable: TableDeclaration<TrialsDataRow> = {
  id: 'trait-data',
  path: 'dataset/data/trial/table',
  exportPath: 'dataset/data/trial/table/export',
  exportName: 'trials-data-table.zip',
  columns: TRIAL_DATA_COLUMNS,
  rowId: (row) => row.germplasmId,
  rowTitle: (row) => `${row.germplasmDisplayName || row.germplasmName || row.germplasmId}: ${row.traitValue ?? ''}`,
  markType: 'germplasm',
  open: (row) => ({ type: PASSPORT, params: { germplasmId: String(row.germplasmId) } }),
  cellText: dataCell,
};
