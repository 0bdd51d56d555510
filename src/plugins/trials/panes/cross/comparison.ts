import type { ChartRow, ChartSpec } from '../../../../shell/chart/chart-spec.js';

/**
 * The cross data-type comparison as data: what the pane's state holds (two sides, each a trait or a
 * germplasm column; the trials datasets; marked germplasm and groups), the `dataset/crosscomparison`
 * request it makes, the comparison file read back, and the scatter plot of it.
 */

/** A side: a trait's values in the trials datasets, or a column of the germplasm's passport. */
export type SideKind = 'trait' | 'column';

/** The germplasm columns offered: numbers (or dates written as numbers) a scatter plot can place. */
export const GERMPLASM_COLUMNS = ['elevation', 'latitude', 'longitude', 'pdci', 'colldate'] as const;
export type GermplasmColumnName = (typeof GERMPLASM_COLUMNS)[number];

export interface SideChoice {
  kind: SideKind;
  traitId: number | null;
  column: GermplasmColumnName | null;
}

export interface CrossState {
  /** Trials datasets read for traits; none chosen means every one the caller may read. */
  datasetIds: number[];
  first: SideChoice;
  second: SideChoice;
  /** Only the marked germplasm. */
  marked: boolean;
  /** Only the members of these germplasm groups. */
  groupIds: number[];
  /** Whether the chart's data table shows. */
  table: boolean;
}

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? [...new Set(value.filter((v): v is number => Number.isSafeInteger(v) && v > 0))] : [];

function readSide(value: unknown, fallback: SideChoice): SideChoice {
  if (typeof value !== 'object' || value === null) return fallback;
  const side = value as Record<string, unknown>;
  const kind: SideKind = side.kind === 'column' ? 'column' : side.kind === 'trait' ? 'trait' : fallback.kind;
  const traitId = Number.isSafeInteger(side.traitId) && (side.traitId as number) > 0 ? (side.traitId as number) : null;
  const column = GERMPLASM_COLUMNS.find((c) => c === side.column) ?? null;
  return { kind, traitId, column };
}

/** The pane's view state (from the URL: anything odd is dropped). */
export function readCrossState(state: Record<string, unknown> | undefined): CrossState {
  const s = state ?? {};
  return {
    datasetIds: ids(s.datasetIds),
    first: readSide(s.first, { kind: 'trait', traitId: null, column: null }),
    second: readSide(s.second, { kind: 'column', traitId: null, column: null }),
    marked: s.marked === true,
    groupIds: ids(s.groupIds),
    table: s.table === true,
  };
}

/** One side of Germinate's DatasetCrossDataTypeRequest. */
export interface ComparisonConfig {
  type: 'TRAIT' | 'GERMPLASM_COLUMN';
  id?: number;
  columnName?: string;
  datasetIds?: number[];
  markedIds?: number[];
  groupIds?: number[];
}

export interface ComparisonRequest {
  first: ComparisonConfig;
  second: ComparisonConfig;
}

/** Why the comparison cannot be asked for yet (a locale key), or null. */
export function missingChoice(state: CrossState, markedCount: number): string | null {
  const complete = (side: SideChoice) => (side.kind === 'trait' ? side.traitId !== null : side.column !== null);
  if (!complete(state.first)) return 'trials.cross.chooseFirst';
  if (!complete(state.second)) return 'trials.cross.chooseSecond';
  if (state.marked && markedCount === 0) return 'trials.cross.noMarked';
  return null;
}

/**
 * The request for the state: each side restricted to the same germplasm (the marked ones, the groups'
 * members, or both: germplasm in either), traits read from the chosen datasets. Null while incomplete.
 */
export function comparisonRequest(state: CrossState, markedIds: readonly number[]): ComparisonRequest | null {
  if (missingChoice(state, markedIds.length) !== null) return null;
  const restriction = {
    ...(state.marked ? { markedIds: [...markedIds] } : {}),
    ...(state.groupIds.length > 0 ? { groupIds: [...state.groupIds] } : {}),
  };
  const config = (side: SideChoice): ComparisonConfig =>
    side.kind === 'trait'
      ? { type: 'TRAIT', id: side.traitId ?? 0, datasetIds: [...state.datasetIds], ...restriction }
      : { type: 'GERMPLASM_COLUMN', columnName: side.column ?? '', ...restriction };
  return { first: config(state.first), second: config(state.second) };
}

export type CellValue = number | string | null;

export interface ComparisonRow {
  name: string;
  dbId: number;
  generalIdentifier: string;
  first: CellValue;
  second: CellValue;
}

export interface ComparisonFile {
  firstHeading: string;
  secondHeading: string;
  rows: ComparisonRow[];
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A value cell: a number when it reads as one, null when empty, else its text. */
function value(cell: string | undefined): CellValue {
  const text = (cell ?? '').trim();
  if (text === '') return null;
  return NUMBER.test(text) ? Number(text) : text;
}

/**
 * The comparison file: an optional `#input=PHENOTYPE` line, the header (name, dbId, general_identifier,
 * then the two sides' headings) and a row per germplasm. Null for an empty file (a pair that cannot be
 * compared) or one without that header.
 */
export function parseComparison(text: string): ComparisonFile | null {
  const lines = text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
  if (lines.length > 0 && lines[0].startsWith('#')) lines.shift();
  const header = lines.shift()?.split('\t');
  if (!header || header.length < 5 || header[0] !== 'name' || header[1] !== 'dbId') return null;
  const rows = lines.map((line) => {
    const cells = line.split('\t');
    return { name: cells[0] ?? '', dbId: Number(cells[1]), generalIdentifier: cells[2] ?? '', first: value(cells[3]), second: value(cells[4]) };
  });
  return { firstHeading: header[3], secondHeading: header[4], rows };
}

/** Whether every value of a side is a number (the axis is then a scale; otherwise categories). */
export function allNumbers(rows: readonly ComparisonRow[], side: 'first' | 'second'): boolean {
  return rows.every((row) => row[side] === null || typeof row[side] === 'number');
}

/** The rows as the chart, its table and its TSV take them. */
export function chartRows(rows: readonly ComparisonRow[]): ChartRow[] {
  return rows.map((row) => ({ name: row.name, generalIdentifier: row.generalIdentifier, first: row.first, second: row.second }));
}

/**
 * The axis range of a side whose values are all one number (a passport column every germplasm shares):
 * one unit either side of it, so that the axis has ticks to read instead of one point stretched to a
 * range of nothing. Null otherwise (the scale finds its own range).
 */
export function constantDomain(rows: readonly ComparisonRow[], side: 'first' | 'second'): [number, number] | null {
  let value: number | null = null;
  for (const row of rows) {
    const v = row[side];
    if (typeof v !== 'number') continue;
    if (value === null) value = v;
    else if (v !== value) return null;
  }
  return value === null ? null : [value - 1, value + 1];
}

/** Height of the scatter plot's drawing, whatever the number of germplasm. */
export const SCATTER_HEIGHT = 380;

/**
 * A scatter plot of the second side over the first, a point per germplasm with a tooltip naming it. Its
 * height is fixed (the Chart widget's `height`): points, unlike bars, do not need a row each.
 */
export function scatterSpec(options: {
  xTitle: string;
  yTitle: string;
  nameTitle: string;
  xNumeric: boolean;
  yNumeric: boolean;
  xDomain?: [number, number] | null;
  yDomain?: [number, number] | null;
}): ChartSpec {
  const axis = (field: 'first' | 'second', title: string, numeric: boolean, domain: [number, number] | null | undefined) =>
    numeric
      ? { field, type: 'quantitative' as const, title, scale: domain ? { zero: false, domain } : { zero: false } }
      : { field, type: 'nominal' as const, title, sort: 'ascending' as const };
  // A layer (of one), as a spec without data must be: the widget adds the rows.
  return {
    layer: [
      {
        mark: { type: 'point', filled: true, size: 70, opacity: 0.75 },
        encoding: {
          x: axis('first', options.xTitle, options.xNumeric, options.xDomain),
          y: axis('second', options.yTitle, options.yNumeric, options.yDomain),
          tooltip: [
            { field: 'name', type: 'nominal', title: options.nameTitle },
            { field: 'first', type: options.xNumeric ? 'quantitative' : 'nominal', title: options.xTitle },
            { field: 'second', type: options.yNumeric ? 'quantitative' : 'nominal', title: options.yTitle },
          ],
        },
      },
    ],
  };
}
