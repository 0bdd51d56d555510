import { defaultCellText, type TableColumn, type TableDeclaration } from '../../core/table-declaration.js';

/**
 * The datasets table: ViewTableDatasets rows (`dataset/table`), the dataset columns Germinate's client shows,
 * under Germinate's names. Keys that help machines more than readers (ids, file names, counts of links) start
 * hidden.
 */
export type DatasetRow = { datasetId: number; licenseId?: unknown; acceptedBy?: unknown } & Record<string, unknown>;

const column = (id: string, type: TableColumn['type'] = 'text', hidden = false): TableColumn => ({
  id,
  titleKey: `datasets.column.${id}`,
  type,
  hidden,
});

export const DATASET_COLUMNS: readonly TableColumn[] = [
  column('datasetId', 'number'),
  column('datasetName'),
  column('datasetDescription'),
  column('experimentName'),
  column('datasetType'),
  column('datatype'),
  column('contact'),
  column('institutions', 'list'),
  column('locations', 'list'),
  column('licenseName'),
  column('dataObjectCount', 'number'),
  column('dataPointCount', 'number'),
  column('startDate', 'date'),
  column('endDate', 'date'),
  column('datasetState'),
  column('isExternal', 'boolean'),
  column('hyperlink'),
  column('createdOn', 'date', true),
  column('fileresourceIds', 'list', true),
  column('collaborators', 'number', true),
  column('projectName', 'text', true),
  column('version', 'text', true),
  column('sourceFile', 'text', true),
];

/** Counts come as `{ value: n }`; locations and institutions as objects with a name (and a country). */
export function datasetCell(row: DatasetRow, column: string): string {
  const value = row[column];
  if (Array.isArray(value)) {
    return value
      .map((item: unknown) => {
        if (typeof item !== 'object' || item === null) return defaultCellText(item);
        const named = item as Record<string, unknown>;
        const name = named.locationName ?? named.institutionName;
        const country = named.countryName;
        return typeof name === 'string' ? (typeof country === 'string' && country !== '' ? `${name} (${country})` : name) : defaultCellText(item);
      })
      .join(', ');
  }
  if (typeof value === 'object' && value !== null && 'value' in value) return defaultCellText((value as { value: unknown }).value);
  return defaultCellText(value);
}

export const datasetsTable: TableDeclaration<DatasetRow> = {
  id: 'datasets',
  path: 'dataset/table',
  exportPath: 'dataset/table/export',
  exportName: 'datasets.zip',
  columns: DATASET_COLUMNS,
  rowId: (row) => row.datasetId,
  rowTitle: (row) => defaultCellText(row.datasetName) || String(row.datasetId),
  markType: 'datasets',
  // Enter opens the dataset's details, where its row actions are (commands.ts).
  open: (row) => ({ type: 'datasets:details', params: { datasetId: String(row.datasetId) } }),
  cellText: datasetCell,
};
