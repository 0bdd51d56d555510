import {
  CompactSelection,
  DataEditor,
  GridCellKind,
  type GridCell,
  type GridColumn,
  type GridSelection,
  type Item,
} from '@glideapps/glide-data-grid';
// The grid's own class rules (its dist/index.css only @imports these, which text cannot follow). Only the
// container and scroller are needed: this grid never opens editors, search or overlays.
import containerCss from '../../../node_modules/@glideapps/glide-data-grid/dist/esm/internal/data-editor-container/data-grid-container.css' with { type: 'text' };
import scrollerCss from '../../../node_modules/@glideapps/glide-data-grid/dist/esm/internal/scrolling-data-grid/infinite-scroller.css' with { type: 'text' };
import { useCallback, useMemo } from 'react';
import { ensureStyle } from '../widgets/styles.js';
import { useDarkTheme } from '../use-dark-theme.js';
import { gridTheme } from './grid-theme.js';

/**
 * A read-only data grid (glide-data-grid, canvas-drawn so thousands of cells stay fast) with a mark
 * column, a row cursor owned by the caller (so keys arrive through commands) and header-click sorting.
 * Serves every domain's table (TableView builds it from a declaration); it follows the light or dark
 * theme, which a canvas cannot take from the page's CSS.
 */
export interface TableColumn {
  id: string;
  title: string;
  width?: number;
}

export interface DataTableProps<R> {
  columns: readonly TableColumn[];
  rows: readonly R[];
  cellText(row: R, column: string): string;
  cursor: number;
  onCursor(index: number): void;
  isMarked(row: R): boolean;
  onToggleMark(row: R, index: number): void;
  onActivate(row: R): void;
  sort: { column: string | null; ascending: boolean };
  onSort(column: string): void;
  label: string;
  markLabel: string;
  /** False leaves the mark column out (rows of a kind that cannot be marked). Default true. */
  markable?: boolean;
  /** Read out for the row under the cursor: the canvas grid has no text a screen reader can reach. */
  describeRow(row: R): string;
}

const MARK_WIDTH = 44;
// The grid's default header and row heights, and room for a horizontal scrollbar.
const HEADER_HEIGHT = 36;
const ROW_HEIGHT = 34;
const SCROLLBAR = 16;
const MIN_HEIGHT = 240;

export function DataTable<R>(props: DataTableProps<R>) {
  const { columns, rows, cellText, cursor, isMarked, sort } = props;
  const markable = props.markable !== false;
  const gridHeight = HEADER_HEIGHT + Math.max(1, rows.length) * ROW_HEIGHT + SCROLLBAR;
  // The mark column, when there is one, is the grid's first: data columns start after it.
  const first = markable ? 1 : 0;
  const theme = gridTheme(useDarkTheme());
  ensureStyle('glide-data-grid', containerCss + scrollerCss);

  const gridColumns = useMemo<GridColumn[]>(
    () => [
      ...(markable ? [{ id: '__mark', title: '✓', width: MARK_WIDTH }] : []),
      ...columns.map((column) => ({
        id: column.id,
        // The arrow tells sighted users the sort; the grid's accessible table repeats the title text.
        title: sort.column === column.id ? `${column.title} ${sort.ascending ? '▲' : '▼'}` : column.title,
        width: column.width ?? 150,
      })),
    ],
    [columns, sort.column, sort.ascending, markable],
  );

  const getCellContent = useCallback(
    ([col, row]: Item): GridCell => {
      const item = rows[row];
      if (item === undefined) return { kind: GridCellKind.Text, data: '', displayData: '', allowOverlay: false };
      if (col < first) return { kind: GridCellKind.Boolean, data: isMarked(item), allowOverlay: false, readonly: true };
      const text = cellText(item, columns[col - first]?.id ?? '');
      return { kind: GridCellKind.Text, data: text, displayData: text, allowOverlay: false };
    },
    [rows, columns, cellText, isMarked, first],
  );

  const selection = useMemo<GridSelection>(
    () => ({
      columns: CompactSelection.empty(),
      rows: cursor >= 0 && cursor < rows.length ? CompactSelection.fromSingleSelection(cursor) : CompactSelection.empty(),
    }),
    [cursor, rows.length],
  );

  return (
    <div
      className="table-grid"
      role="region"
      aria-label={props.label}
      // As tall as its rows (no empty band under a short page), shrinking to the pane with a scrollbar.
      style={{ flex: '0 1 auto', height: gridHeight, minHeight: Math.min(gridHeight, MIN_HEIGHT), position: 'relative' }}
    >
      {/* The grid measures its box; an absolutely placed box has a definite size inside a flex column. */}
      <div style={{ position: 'absolute', inset: 0 }}>
      <DataEditor
        columns={gridColumns}
        theme={theme}
        rows={rows.length}
        getCellContent={getCellContent}
        width="100%"
        height="100%"
        rowMarkers="none"
        rowSelect="single"
        gridSelection={selection}
        onGridSelectionChange={(next) => {
          const first = next.rows.first() ?? next.current?.cell[1];
          if (first !== undefined) props.onCursor(first);
        }}
        onCellClicked={([col, row]) => {
          const item = rows[row];
          props.onCursor(row);
          if (col < first && item !== undefined) props.onToggleMark(item, row);
        }}
        onCellActivated={([, row]) => {
          const item = rows[row];
          if (item !== undefined) props.onActivate(item);
        }}
        onHeaderClicked={(col) => {
          const column = columns[col - first];
          if (column) props.onSort(column.id);
        }}
        getCellsForSelection={true}
        smoothScrollX
        smoothScrollY
      />
      </div>
      {/* One empty marker per row handed to the canvas grid: tests and the first-rows benchmark wait on them. */}
      <div aria-hidden="true" style={VISUALLY_HIDDEN}>
        {rows.map((_, i) => (
          <span key={i} data-row={i} />
        ))}
      </div>
      <p className="table-cursor" aria-live="polite" data-testid="row-cursor" style={VISUALLY_HIDDEN}>
        {rows[cursor] !== undefined
          ? `${props.describeRow(rows[cursor])}${isMarked(rows[cursor]) ? ` (${props.markLabel})` : ''}`
          : ''}
      </p>
    </div>
  );
}

// Hidden from sight but read by screen readers (the usual clip pattern).
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
