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

const column = (id: string, type: TableColumn['type'] = 'text'): TableColumn => ({ id, titleKey: `genotypes.markers.column.${id}`, type });

/** A marker's fields: id, name, type and synonyms (the rows' timestamps are left out). */
export const MARKER_COLUMNS: readonly TableColumn[] = [column('markerId', 'number'), column('markerName'), column('markerType'), column('markerSynonyms', 'list')];

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
};
