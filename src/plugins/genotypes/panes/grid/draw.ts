import type { BlockStore, WindowAnswer } from './blocks.js';
import type { CellPaint } from './calls.js';
import type { GridLines } from './order.js';

/** The grid's geometry in CSS pixels. */
export const GEOMETRY = { label: 170, cellWidth: 14, cellHeight: 18, header: 96, band: 18 } as const;

/** The page's colours, read from its CSS variables (the canvas cannot use them itself). */
export interface Palette {
  surface: string;
  surface2: string;
  text: string;
  muted: string;
  border: string;
  focus: string;
  accentSoft: string;
}

export function readPalette(element: Element): Palette {
  const style = getComputedStyle(element);
  const value = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    surface: value('--surface', '#ffffff'),
    surface2: value('--surface-2', '#eef2ef'),
    text: value('--text', '#1b231e'),
    muted: value('--muted', '#56615a'),
    border: value('--border', '#c9d1cb'),
    focus: value('--focus', '#1a5fb4'),
    accentSoft: value('--accent-soft', '#dcefe0'),
  };
}

export interface DrawInput {
  width: number;
  height: number;
  scrollTop: number;
  scrollLeft: number;
  lines: GridLines;
  columnTotal: number;
  store: BlockStore;
  paints: CellPaint[];
  bands: WindowAnswer['bands'];
  groupLabel(group: number): string;
  cursor: { row: number; column: number };
  focused: boolean;
  palette: Palette;
  loadingText: string;
}

function cell(context: CanvasRenderingContext2D, paint: CellPaint | undefined, x: number, y: number, w: number, h: number, palette: Palette): void {
  if (!paint || paint.kind === 'missing') {
    // Missing: the surface with a small dot, so a gap in the data reads as such and not as a colour.
    context.fillStyle = palette.muted;
    context.fillRect(x + w / 2 - 1, y + h / 2 - 1, 2, 2);
    return;
  }
  if (paint.kind === 'homozygous') {
    context.fillStyle = paint.colour;
    context.fillRect(x, y, w, h);
    return;
  }
  // Heterozygous: the two alleles' colours split on the diagonal, as Flapjack draws them.
  context.fillStyle = paint.colours[0];
  context.beginPath();
  context.moveTo(x, y);
  context.lineTo(x + w, y);
  context.lineTo(x, y + h);
  context.closePath();
  context.fill();
  context.fillStyle = paint.colours[1];
  context.beginPath();
  context.moveTo(x + w, y);
  context.lineTo(x + w, y + h);
  context.lineTo(x, y + h);
  context.closePath();
  context.fill();
}

function clipText(context: CanvasRenderingContext2D, text: string, width: number): string {
  if (context.measureText(text).width <= width) return text;
  let end = text.length;
  while (end > 1 && context.measureText(`${text.slice(0, end)}…`).width > width) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** Draws what is visible: row labels, column labels (with chromosome bands under a map), cells, the cursor. */
export function drawGrid(context: CanvasRenderingContext2D, input: DrawInput): { rows: [number, number]; columns: [number, number] } {
  const { label, cellWidth, cellHeight, header, band } = GEOMETRY;
  const { palette, lines, store } = input;
  context.fillStyle = palette.surface;
  context.fillRect(0, 0, input.width, input.height);
  context.font = '12px system-ui, sans-serif';
  context.textBaseline = 'middle';

  const firstLine = Math.floor(input.scrollTop / cellHeight);
  const lastLine = Math.min(lines.count, Math.ceil((input.scrollTop + input.height - header) / cellHeight));
  const firstColumn = Math.floor(input.scrollLeft / cellWidth);
  const lastColumn = Math.min(input.columnTotal, Math.ceil((input.scrollLeft + input.width - label) / cellWidth));
  let firstRow = Number.POSITIVE_INFINITY;
  let lastRow = -1;

  context.save();
  context.beginPath();
  context.rect(0, header, input.width, input.height - header);
  context.clip();
  for (let at = firstLine; at < lastLine; at += 1) {
    const line = lines.line(at);
    if (!line) continue;
    const y = header + at * cellHeight - input.scrollTop;
    if (line.kind === 'group') {
      context.fillStyle = palette.surface2;
      context.fillRect(0, y, input.width, cellHeight);
      context.fillStyle = palette.text;
      context.font = '600 12px system-ui, sans-serif';
      context.fillText(input.groupLabel(line.group), 6, y + cellHeight / 2);
      context.font = '12px system-ui, sans-serif';
      continue;
    }
    firstRow = Math.min(firstRow, line.row);
    lastRow = Math.max(lastRow, line.row);
    for (let column = firstColumn; column < lastColumn; column += 1) {
      const x = label + column * cellWidth - input.scrollLeft;
      const state = store.cell(line.row, column);
      if (state >= 0) cell(context, input.paints[state], x, y, cellWidth, cellHeight, palette);
    }
    const block = store.block(line.row, firstColumn);
    const name = block?.rows[line.row - block.rowOffset]?.name ?? input.loadingText;
    context.fillStyle = line.row === input.cursor.row ? palette.accentSoft : palette.surface;
    context.fillRect(0, y, label, cellHeight);
    context.fillStyle = palette.text;
    context.fillText(clipText(context, name, label - 10), 6, y + cellHeight / 2);
  }
  context.restore();

  // The header: chromosome bands (under a map), then the markers' names written upwards.
  context.fillStyle = palette.surface;
  context.fillRect(0, 0, input.width, header);
  const labelRow = Number.isFinite(firstRow) ? firstRow : 0;
  context.save();
  context.beginPath();
  context.rect(label, 0, input.width - label, header);
  context.clip();
  const bandHeight = input.bands ? band : 0;
  (input.bands ?? []).forEach((b, i) => {
    if (b.start + b.count <= firstColumn || b.start >= lastColumn) return;
    const x = label + b.start * cellWidth - input.scrollLeft;
    const w = b.count * cellWidth;
    context.fillStyle = i % 2 === 0 ? palette.surface2 : palette.accentSoft;
    context.fillRect(x, 0, w, band);
    context.fillStyle = palette.text;
    const visibleX = Math.max(x, label) + 4;
    context.fillText(clipText(context, b.chromosome, Math.max(0, x + w - visibleX - 4)), visibleX, band / 2);
  });
  for (let column = firstColumn; column < lastColumn; column += 1) {
    const block = store.block(labelRow, column);
    const name = block?.columns[column - block.columnOffset]?.name;
    if (!name) continue;
    const x = label + column * cellWidth - input.scrollLeft;
    if (column === input.cursor.column) {
      context.fillStyle = palette.accentSoft;
      context.fillRect(x, bandHeight, cellWidth, header - bandHeight);
    }
    context.save();
    context.translate(x + cellWidth / 2, header - 4);
    context.rotate(-Math.PI / 2);
    context.fillStyle = palette.text;
    context.fillText(clipText(context, name, header - bandHeight - 8), 0, 0);
    context.restore();
  }
  context.restore();
  context.strokeStyle = palette.border;
  context.lineWidth = 1;
  context.beginPath();
  context.moveTo(0, header - 0.5);
  context.lineTo(input.width, header - 0.5);
  context.moveTo(label - 0.5, 0);
  context.lineTo(label - 0.5, input.height);
  context.stroke();

  // The cursor, drawn thicker while the grid has the keyboard.
  const cursorLine = lines.lineOf(input.cursor.row);
  const cx = label + input.cursor.column * cellWidth - input.scrollLeft;
  const cy = header + cursorLine * cellHeight - input.scrollTop;
  if (cx >= label - cellWidth && cy >= header - cellHeight) {
    context.save();
    context.beginPath();
    context.rect(label, header, input.width - label, input.height - header);
    context.clip();
    context.strokeStyle = palette.focus;
    context.lineWidth = input.focused ? 3 : 1.5;
    context.strokeRect(cx + 0.5, cy + 0.5, cellWidth - 1, cellHeight - 1);
    context.restore();
  }
  return { rows: [Number.isFinite(firstRow) ? firstRow : 0, lastRow + 1], columns: [firstColumn, lastColumn] };
}
