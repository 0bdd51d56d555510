import { defaultCellText, type TableColumn, type TableDeclaration } from '../../../../core/table-declaration.js';
import { PANE } from '../ids.js';

/** A row of the marker table: Germinate's ViewTableMarkers (`marker/table`) under Germinate's names. */
export interface MarkerRow extends Record<string, unknown> {
  markerId: number;
  markerName: string;
  markerType?: string | null;
  markerSynonyms?: string[] | null;
  createdOn?: string | null;
  updatedOn?: string | null;
}

const column = (id: string, type: TableColumn['type'] = 'text', hidden = false): TableColumn => ({ id, titleKey: `genotypes.markers.column.${id}`, type, hidden });

/** The marker columns Germinate's marker table shows; the timestamps start hidden. */
export const MARKER_COLUMNS: readonly TableColumn[] = [
  column('markerId', 'number'),
  column('markerName'),
  column('markerType'),
  column('markerSynonyms', 'list'),
  column('createdOn', 'date', true),
  column('updatedOn', 'date', true),
];

/** The marker's page, opened from any row that names a marker. */
export const markerPane = (markerId: number) => ({ type: PANE.marker, params: { markerId: String(markerId) } });

/** Germinate's hidden-columns key of this table is `markers`; rows are marked as markers. */
export const markersTable: TableDeclaration<MarkerRow> = {
  id: 'markers',
  path: 'marker/table',
  exportPath: 'marker/table/export',
  exportName: 'marker-table.zip',
  columns: MARKER_COLUMNS,
  rowId: (row) => row.markerId,
  rowTitle: (row) => defaultCellText(row.markerName) || String(row.markerId),
  markType: 'markers',
  open: (row) => markerPane(row.markerId),
  cellText: (row, key) => (key === 'createdOn' || key === 'updatedOn') && typeof row[key] === 'string' ? String(row[key]).slice(0, 10) : defaultCellText(row[key]),
};
