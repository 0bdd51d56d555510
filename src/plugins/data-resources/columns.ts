import { defaultCellText, type TableColumn, type TableDeclaration } from '../../core/table-declaration.js';
import { sizeText } from './size.js';

/** A row of `fileresource/table` (Germinate's ViewTableFileresources), the keys the client reads. */
export interface FileResourceRow extends Record<string, unknown> {
  fileresourceId: number;
  fileresourceName: string;
  fileresourceDescription?: string | null;
  fileresourceSize?: number | null;
  fileresourceCreatedOn?: string | null;
  fileresourcetypeId?: number;
  fileresourcetypeName?: string;
  datasetIds?: number[];
}

export const PANE = { table: 'data-resources:table', details: 'data-resources:details' } as const;

const column = (id: string, type: TableColumn['type'] = 'text', hidden = false): TableColumn => ({ id, titleKey: `dataResources.column.${id}`, type, hidden });

export const FILE_RESOURCE_COLUMNS: readonly TableColumn[] = [
  column('fileresourceId', 'number'),
  column('fileresourceName'),
  column('fileresourceDescription'),
  column('fileresourcetypeName'),
  column('fileresourceSize', 'number'),
  column('fileresourceCreatedOn', 'date'),
  column('datasetIds', 'list'),
  // Hidden by default in Germinate too (its hiddenColumns default for fileresources).
  column('fileresourcetypeId', 'number', true),
];

function cell(row: FileResourceRow, key: string): string {
  const value = row[key];
  if (key === 'fileresourceSize' && typeof value === 'number') return sizeText(value);
  if (key === 'fileresourceCreatedOn' && typeof value === 'string') return value.slice(0, 10);
  return defaultCellText(value);
}

/** The data resources table; Enter opens a resource (its details, linked datasets and download). */
export const fileResourcesTable: TableDeclaration<FileResourceRow> = {
  id: 'fileresources',
  path: 'fileresource/table',
  columns: FILE_RESOURCE_COLUMNS,
  rowId: (row) => row.fileresourceId,
  rowTitle: (row) => row.fileresourceName || String(row.fileresourceId),
  open: (row) => ({ type: PANE.details, params: { fileresourceId: String(row.fileresourceId) } }),
  cellText: cell,
};

/** The authorised download of a resource: the session's token travels in the link, as Germinate's does. */
export function downloadHref(id: number, token: string | null): string {
  return `./api/fileresource/${id}/download${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}
