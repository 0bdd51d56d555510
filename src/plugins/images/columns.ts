import { defaultCellText, type TableColumn, type TableDeclaration } from '../../core/table-declaration.js';
import type { ImageRow } from './schema.js';

export const PANE = { images: 'images:gallery' } as const;

/** The images pane's view state (in the URL): gallery or table, filters, the cursor, the viewer, a dialog. */
export interface ImagesState {
  view?: 'gallery' | 'table';
  /** Reference table shown (germinatebase, phenotypes); absent = all. */
  ref?: string;
  /** Tag ids the gallery is filtered by (images with any of them). */
  tags?: number[];
  /** Gallery page (from 1). */
  page?: number;
  /** Index of the focused thumbnail on the page. */
  cursor?: number;
  /** The image under the cursor is shown full size. */
  viewer?: boolean;
  dialog?: 'tags' | 'delete' | 'edit';
}

const column = (id: string, type: TableColumn['type'] = 'text', hidden = false): TableColumn => ({ id, titleKey: `images.column.${id}`, type, hidden });

export const IMAGE_COLUMNS: readonly TableColumn[] = [
  column('imageId', 'number', true),
  column('imageDescription'),
  column('referenceName'),
  column('imageType'),
  column('tags', 'list'),
  column('imageIsReference', 'boolean'),
  column('createdOn', 'date'),
  column('imagePath', 'text', true),
  column('imageRefTable', 'text', true),
];

function cell(row: ImageRow, key: string): string {
  if (key === 'tags') return (row.tags ?? []).map((tag) => tag.tagName).join(', ');
  if (key === 'createdOn' && typeof row.createdOn === 'string') return row.createdOn.slice(0, 10);
  return defaultCellText(row[key]);
}

/** The table view of the images pane (image/table; its export is a job, started by the pane's own button). */
export const imagesTable: TableDeclaration<ImageRow> = {
  id: 'images',
  path: 'image/table',
  columns: IMAGE_COLUMNS,
  rowId: (row) => row.imageId,
  rowTitle: (row) => row.imageDescription || row.imagePath,
  cellText: cell,
};

/** An image row's file through `image/{id}/src`: the gallery's thumbnail, or the original (`large`). */
export function imageSource(imageId: number, size: 'small' | 'large', imageToken: string | null | undefined): string {
  const token = imageToken ? `&token=${encodeURIComponent(imageToken)}` : '';
  return `./api/image/${imageId}/src?type=database&size=${size}${token}`;
}

/** The table filters of a state: the reference type and the chosen tags (any of them). */
export function stateFilters(state: ImagesState) {
  const filters = [];
  if (state.ref) filters.push({ column: 'imageRefTable', comparator: 'equals' as const, operator: 'and' as const, values: [state.ref] });
  if (state.tags && state.tags.length > 0) filters.push({ column: 'tags', comparator: 'arrayContains' as const, operator: 'and' as const, values: state.tags.map(String) });
  return filters;
}

/** The pane's state read defensively from the URL's layout. */
export function readImagesState(raw: Record<string, unknown> | undefined): ImagesState {
  const state = raw ?? {};
  const int = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined);
  return {
    view: state.view === 'table' ? 'table' : 'gallery',
    ref: state.ref === 'germinatebase' || state.ref === 'phenotypes' ? state.ref : undefined,
    tags: Array.isArray(state.tags) ? state.tags.filter((tag): tag is number => int(tag) !== undefined) : [],
    page: Math.max(1, int(state.page) ?? 1),
    cursor: int(state.cursor) ?? 0,
    viewer: state.viewer === true ? true : undefined,
    dialog: state.dialog === 'tags' || state.dialog === 'delete' || state.dialog === 'edit' ? state.dialog : undefined,
  };
}
