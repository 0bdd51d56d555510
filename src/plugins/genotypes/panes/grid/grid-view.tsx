import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { BlockStore, WindowAnswer } from './blocks.js';
import type { CellPaint } from './calls.js';
import { drawGrid, GEOMETRY, readPalette } from './draw.js';
import type { GridLines } from './order.js';

export interface GridViewProps {
  id: string;
  store: BlockStore;
  /** Changes whenever a block arrives (the canvas redraws). */
  version: number;
  lines: GridLines;
  columnTotal: number;
  paints: CellPaint[];
  bands: WindowAnswer['bands'];
  groupLabel(group: number): string;
  cursor: { row: number; column: number };
  /** The first line and column shown when the view opens (from the pane's state). */
  initialScroll: { top: number; left: number };
  onScrolled(top: number, left: number): void;
  /** The visible rows and columns after each drawing (for the table of the visible window). */
  onVisible(rows: [number, number], columns: [number, number]): void;
  label: string;
  describedBy: string;
  loadingText: string;
  dark: boolean;
  onKeyDown(event: KeyboardEvent<HTMLDivElement>): void;
}

/**
 * The grid's cells on a canvas that draws only what is visible: a scrolling box sized like the whole grid
 * (so scrollbars and the wheel work as usual) with the canvas held in its top-left corner. The box takes the
 * keyboard (its keys run the grid's commands); where the cursor is, is announced by the pane.
 */
export function GridView(props: GridViewProps) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [scroll, setScroll] = useState({ top: 0, left: 0 });
  const [focused, setFocused] = useState(false);
  const { cellWidth, cellHeight, label, header } = GEOMETRY;
  const { store, lines, cursor, onVisible, onScrolled } = props;

  // Where the view was: the pane's state says which line and column came first.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    element.scrollTop = props.initialScroll.top * cellHeight;
    element.scrollLeft = props.initialScroll.left * cellWidth;
    setScroll({ top: element.scrollTop, left: element.scrollLeft });
    // Only when the view opens: later scrolling is the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setSize({ width: element.clientWidth, height: element.clientHeight }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The cursor stays in view: the box scrolls just enough.
  useEffect(() => {
    const element = box.current;
    if (!element || size.height === 0) return;
    const y = lines.lineOf(cursor.row) * cellHeight;
    const x = cursor.column * cellWidth;
    const rowsHeight = element.clientHeight - header;
    const columnsWidth = element.clientWidth - label;
    // A group's header above the first row of the group comes into view with it.
    const above = lines.line(lines.lineOf(cursor.row) - 1)?.kind === 'group' ? cellHeight : 0;
    if (y - above < element.scrollTop) element.scrollTop = y - above;
    else if (y + cellHeight > element.scrollTop + rowsHeight) element.scrollTop = y + cellHeight - rowsHeight;
    if (x < element.scrollLeft) element.scrollLeft = x;
    else if (x + cellWidth > element.scrollLeft + columnsWidth) element.scrollLeft = x + cellWidth - columnsWidth;
  }, [cursor.row, cursor.column, lines, size.height, cellHeight, cellWidth, header, label]);

  const onScroll = useCallback(() => {
    const element = box.current;
    if (!element) return;
    setScroll({ top: element.scrollTop, left: element.scrollLeft });
    onScrolled(Math.floor(element.scrollTop / cellHeight), Math.floor(element.scrollLeft / cellWidth));
  }, [onScrolled, cellHeight, cellWidth]);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || size.width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.floor(size.width * ratio);
    element.height = Math.floor(size.height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    const visible = drawGrid(context, {
      width: size.width,
      height: size.height,
      scrollTop: scroll.top,
      scrollLeft: scroll.left,
      lines,
      columnTotal: props.columnTotal,
      store,
      paints: props.paints,
      bands: props.bands,
      groupLabel: props.groupLabel,
      cursor,
      focused,
      palette: readPalette(element),
      loadingText: props.loadingText,
    });
    store.show(visible.rows, visible.columns);
    onVisible(visible.rows, visible.columns);
    // props.dark and props.version only ask for a redraw (new colours, new blocks).
  }, [size, scroll, lines, store, cursor, focused, props.columnTotal, props.paints, props.bands, props.groupLabel, props.loadingText, props.dark, props.version, onVisible]);

  return (
    <div
      ref={box}
      id={props.id}
      className="genotypes-grid-box"
      tabIndex={0}
      role="application"
      aria-roledescription="grid"
      aria-label={props.label}
      aria-describedby={props.describedBy}
      onScroll={onScroll}
      onKeyDown={props.onKeyDown}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <div className="genotypes-grid-space" style={{ width: label + props.columnTotal * cellWidth, height: header + lines.count * cellHeight }}>
        <canvas ref={canvas} className="genotypes-grid-canvas" style={{ width: size.width, height: size.height }} aria-hidden="true" />
      </div>
    </div>
  );
}
