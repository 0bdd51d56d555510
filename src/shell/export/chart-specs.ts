import type { ChartSpec } from '../chart/chart-spec.js';

/**
 * The export pages' vega-lite specs (trials, climate): box plots and counted bars (one row per box or bar,
 * so the Chart widget's height per row fits them), and the scatter matrix, which takes a size of its own:
 * a single view inside a one-child vconcat keeps the width and height given here (the widget sizes a
 * single view by its number of rows). `width` is the drawing's whole width, axes and legend included.
 * Pure, and unit-tested (src/plugins/trials/panes/export/specs.test.ts).
 */

/** A trait on an axis: its field in the rows, its title, and whether its values are days. */
export interface AxisField {
  field: string;
  title: string;
  temporal: boolean;
}

/** What points and lines are coloured by: the rows' `colour` field, under this title. */
export interface ColourField {
  title: string;
  /** More values than a legend lists readably: the tooltip names them instead. */
  legend: boolean;
}

type Encoding = Record<string, unknown>;

/** Days are drawn in UTC: a day recorded as 2020-06-01 is that day wherever the reader is. */
function axisEncoding(axis: AxisField, title: string | null): Encoding {
  return axis.temporal
    ? { field: axis.field, type: 'temporal', title, scale: { type: 'utc' }, axis: { format: '%d %b', labelOverlap: true } }
    : { field: axis.field, type: 'quantitative', title, scale: { zero: false }, axis: { labelOverlap: true } };
}

const tooltipOf = (axis: AxisField): Encoding => (axis.temporal ? { field: axis.field, type: 'temporal', timeUnit: 'utcyearmonthdate', title: axis.title, format: '%d/%m/%Y' } : { field: axis.field, type: 'quantitative', title: axis.title });

export function colourEncoding(colour: ColourField | null): Encoding {
  return colour ? { color: { field: 'colour', type: 'nominal', title: colour.title, sort: null, legend: colour.legend ? { orient: 'bottom', columns: 2, labelLimit: 180 } : null } } : {};
}

/** A single view with a size of its own (see above). */
export function sized(view: Record<string, unknown>, width: number, height: number): ChartSpec {
  return { vconcat: [{ ...view, width, height }] } as ChartSpec;
}

export interface BoxTitles {
  box: string;
  value: string;
  /** The whiskers' and medians' colour: the theme's text colour stands out on the background and on every box colour. */
  ink: string;
  stats: { min: string; q1: string; median: string; q3: string; max: string; avg: string; count: string };
}

/**
 * Horizontal box plots from precomputed quantiles (rows: box, min, q1, median, q3, max, avg, count): a line
 * from min to max and a tick at the median, both in the theme's text colour, over a box from q1 to q3 in
 * the box's own colour.
 */
export function boxPlotSpec(titles: BoxTitles): ChartSpec {
  const y = { field: 'box', type: 'nominal', sort: null, title: titles.box, axis: { labelLimit: 260 } };
  const s = titles.stats;
  const tooltip = [
    { field: 'box', type: 'nominal', title: titles.box },
    ...(['min', 'q1', 'median', 'q3', 'max', 'avg', 'count'] as const).map((key) => ({ field: key, type: 'quantitative', title: s[key] })),
  ];
  const colour = { field: 'box', type: 'nominal', legend: null, sort: null };
  return {
    layer: [
      { mark: { type: 'rule', color: titles.ink }, encoding: { y, x: { field: 'min', type: 'quantitative', title: titles.value, scale: { zero: false } }, x2: { field: 'max' }, tooltip } },
      { mark: { type: 'bar', size: 16, fillOpacity: 0.55 }, encoding: { y, x: { field: 'q1', type: 'quantitative' }, x2: { field: 'q3' }, color: colour, tooltip } },
      { mark: { type: 'tick', thickness: 3, size: 18, color: titles.ink }, encoding: { y, x: { field: 'median', type: 'quantitative' }, tooltip } },
    ],
  } as ChartSpec;
}

/** Counted values of a categorical trait: one bar per value and series (rows: label, value, series, count). */
export function countBarsSpec(titles: { label: string; count: string; series: string; value: string }): ChartSpec {
  const y = { field: 'label', type: 'nominal', sort: null, title: titles.label, axis: { labelLimit: 260 } };
  const x = { field: 'count', type: 'quantitative', title: titles.count, axis: { format: ',d', tickMinStep: 1 } };
  return {
    layer: [
      {
        mark: { type: 'bar', cornerRadiusEnd: 2 },
        encoding: {
          y,
          x,
          color: { field: 'series', type: 'nominal', title: titles.series, sort: null, legend: { orient: 'bottom', labelLimit: 260 } },
          tooltip: [
            { field: 'value', type: 'nominal', title: titles.value },
            { field: 'series', type: 'nominal', title: titles.series },
            { field: 'count', type: 'quantitative', title: titles.count },
          ],
        },
      },
      { mark: { type: 'text', align: 'left', baseline: 'middle', dx: 4 }, encoding: { y, x, text: { field: 'count', type: 'quantitative', format: ',' } } },
    ],
  } as ChartSpec;
}

/** One scatter: x against y per germplasm (rows: germplasm, colour and the traits' fields). */
function scatterView(x: AxisField, y: AxisField, colour: ColourField | null, item: { field: string; title: string }, titles: { x: boolean; y: boolean }): Record<string, unknown> {
  return {
    mark: { type: 'point', filled: true, size: 48, opacity: 0.8 },
    encoding: {
      x: axisEncoding(x, titles.x ? x.title : null),
      y: axisEncoding(y, titles.y ? y.title : null),
      ...colourEncoding(colour),
      tooltip: [{ field: item.field, type: 'nominal', title: item.title }, ...(colour ? [{ field: 'colour', type: 'nominal', title: colour.title }] : []), tooltipOf(x), tooltipOf(y)],
    },
  };
}

/**
 * The distribution of one trait: how many germplasm fall in each range (each day, for dates); germplasm
 * without a value of it are left out. It is titled with the trait, which names the row and column it
 * crosses; its count axis has none: the description says what it counts.
 */
function histogramView(axis: AxisField, withTitle: boolean): Record<string, unknown> {
  const x = axis.temporal
    ? { field: axis.field, type: 'ordinal', timeUnit: 'utcyearmonthdate', title: withTitle ? axis.title : null, axis: { format: '%d %b', labelOverlap: true } }
    : { field: axis.field, type: 'quantitative', bin: { maxbins: 12 }, title: withTitle ? axis.title : null, axis: { labelOverlap: true } };
  return {
    title: { text: axis.title, fontSize: 12, fontWeight: 600, limit: 240 },
    transform: [{ filter: { field: axis.field, valid: true } }],
    mark: { type: 'bar' },
    encoding: { x, y: { aggregate: 'count', type: 'quantitative', title: null }, tooltip: [{ aggregate: 'count', type: 'quantitative', title: axis.title }] },
  };
}

export interface MatrixOptions {
  axes: readonly AxisField[];
  width: number;
  colour: ColourField | null;
  /** The title of what a point is (a germplasm, a location); its name is the rows' `itemField` (default `germplasm`). */
  itemTitle: string;
  itemField?: string;
}

/** Room beside each cell for its y axis' labels (days are longer than numbers), and for the axis titles and padding. */
const LABEL_ROOM = { number: 40, date: 52 };
const TITLE_ROOM = 40;
const SPACING = 8;

/**
 * The scatter matrix: every trait against every other (rows: y, columns: x), each trait's distribution on
 * the diagonal, axis titles on the outer cells only. Exactly two traits give one larger scatter.
 */
export function matrixSpec(options: MatrixOptions): ChartSpec {
  const { axes, colour, width } = options;
  const item = { field: options.itemField ?? 'germplasm', title: options.itemTitle };
  if (axes.length === 2) return sized(scatterView(axes[0], axes[1], colour, item, { x: true, y: true }), width, Math.round(Math.min(440, width * 0.6)));
  const n = axes.length;
  // Every cell has its own y axis labels: a row of cells takes n times their room.
  const labels = axes.some((axis) => axis.temporal) ? LABEL_ROOM.date : LABEL_ROOM.number;
  const cell = Math.max(72, Math.floor((width - TITLE_ROOM - n * (labels + SPACING)) / Math.max(1, n)));
  const rows = axes.map((y, i) => ({
    hconcat: axes.map((x, j) => {
      const titles = { x: i === n - 1, y: j === 0 };
      const view = i === j ? histogramView(x, titles.x) : scatterView(x, y, colour, item, titles);
      return { ...view, width: cell, height: cell };
    }),
  }));
  // The widget fits charts to their `width` signal, which only single views have: without one a grid of
  // views is drawn zero pixels wide. Naming it gives the grid the width its cells were sized for.
  return { params: [{ name: 'width', value: width }], vconcat: rows, spacing: SPACING } as ChartSpec;
}
