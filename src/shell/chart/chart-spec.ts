import type { Config, TopLevelSpec } from 'vega-lite';
import { FALLBACK_CHART_COLOUR } from '../../core/chart-colours.js';
import type { Locale } from '../../core/i18n.js';

/**
 * Vega-Lite specs as the Chart widget draws them: the caller describes what to show (marks and
 * encodings); the widget adds the data, the size and a config that makes the chart look like the page
 * around it (the theme's colours and font, the user's chart colours, the locale's numbers). Pure, so
 * the rules are unit-tested under Node; only types come from vega-lite here.
 */

/** One row of a chart's data: what a table cell and a TSV cell can hold. */
export type ChartValue = string | number | null;
export type ChartRow = Readonly<Record<string, ChartValue>>;

/** The page's colours and font, read from the theme's custom properties. */
export interface ChartTheme {
  dark: boolean;
  /** Behind the chart, also in a downloaded PNG/SVG, so texts stay readable outside the page. */
  background: string;
  text: string;
  /** Axis lines and ticks. */
  muted: string;
  /** Grid lines: quieter than the axes. */
  grid: string;
  font: string;
}

/** What the light theme's tokens say, for when they cannot be read (no document). */
export const LIGHT_THEME: ChartTheme = {
  dark: false,
  background: '#ffffff',
  text: '#1b231e',
  muted: '#56615a',
  grid: '#c9d1cb',
  font: 'system-ui, sans-serif',
};

/** Number formats per locale (d3-format definitions): 1,234.5 in English, 1.234,5 in German. */
const NUMBER_LOCALES: Record<Locale, { decimal: string; thousands: string }> = {
  en_GB: { decimal: '.', thousands: ',' },
  de_DE: { decimal: ',', thousands: '.' },
};

/**
 * The config every chart gets. Vega's own ARIA output is switched off: the widget names and describes
 * the chart itself and offers its data as a table, which a screen reader reads better than the marks.
 */
export function themeConfig(theme: ChartTheme, palette: readonly string[], locale: Locale): Config {
  const colours = palette.length > 0 ? [...palette] : [FALLBACK_CHART_COLOUR];
  const numbers = NUMBER_LOCALES[locale];
  return {
    background: theme.background,
    font: theme.font,
    aria: false,
    view: { stroke: null },
    axis: {
      labelColor: theme.text,
      titleColor: theme.text,
      domainColor: theme.muted,
      tickColor: theme.muted,
      gridColor: theme.grid,
      labelFontSize: 12,
      titleFontSize: 12,
      titleFontWeight: 600,
    },
    legend: { labelColor: theme.text, titleColor: theme.text, labelFontSize: 12, titleFontSize: 12 },
    title: { color: theme.text, subtitleColor: theme.muted },
    text: { color: theme.text, fontSize: 12 },
    mark: { color: colours[0], aria: false },
    // An outline in the text colour gives every bar a visible edge on the background whatever the
    // palette holds (a yellow on white, a navy on the dark surface): graphics need 3:1 contrast too.
    bar: { stroke: theme.text, strokeOpacity: 0.35, strokeWidth: 1 },
    range: { category: colours },
    locale: { number: { decimal: numbers.decimal, thousands: numbers.thousands, grouping: [3], currency: ['', ''] } },
  };
}

/** A chart as a caller describes it: marks and encodings over the fields of its rows; no data, size or config. */
export type ChartSpec = TopLevelSpec;

export interface BarChartOptions {
  /** The field naming each bar, and its axis title. */
  category: string;
  categoryTitle: string;
  /** The field with each bar's length, and its axis title. */
  value: string;
  valueTitle: string;
}

/**
 * Horizontal bars in the rows' order (long category names stay readable on the vertical axis), each
 * bar in the next chart colour, its value written at its end, a tooltip with both. Whole numbers only
 * on the value axis: the bars count things.
 */
export function horizontalBars(options: BarChartOptions): ChartSpec {
  const y = { field: options.category, type: 'nominal' as const, sort: null, title: options.categoryTitle, axis: { labelLimit: 260 } };
  const x = { field: options.value, type: 'quantitative' as const, title: options.valueTitle, axis: { format: ',d', tickMinStep: 1 } };
  return {
    layer: [
      {
        mark: { type: 'bar', cornerRadiusEnd: 2 },
        encoding: {
          y,
          x,
          color: { field: options.category, type: 'nominal', legend: null, sort: null },
          tooltip: [
            { field: options.category, type: 'nominal', title: options.categoryTitle },
            { field: options.value, type: 'quantitative', title: options.valueTitle, format: ',' },
          ],
        },
      },
      {
        mark: { type: 'text', align: 'left', baseline: 'middle', dx: 4 },
        encoding: { y, x, text: { field: options.value, type: 'quantitative', format: ',' } },
      },
    ],
  };
}

export interface CompleteOptions {
  rows: readonly ChartRow[];
  theme: ChartTheme;
  palette: readonly string[];
  locale: Locale;
  /** Pixels the chart may take across (its container's width). */
  width: number;
  /** Pixels per row down the chart (a bar and its gap); the drawing's height follows the rows. */
  step?: number;
  /** A fixed drawing height instead (scatter and line charts, whose height does not follow their rows). */
  height?: number;
  /** Said by the SVG itself (its description), for a downloaded file read on its own. */
  description: string;
}

/** A complete spec, with the size it was given. */
export type CompleteSpec = TopLevelSpec & { width: number; height: number; description: string };

/**
 * The spec the view renders: the caller's, with the rows inline, the container's width (the chart,
 * axis labels included, fits it across), a height of `step` per row and the theme's config. Both sizes
 * are numbers: vega-lite drops (and warns about) fitting to a width when a size is given as steps.
 */
export function completeSpec(spec: ChartSpec, options: CompleteOptions): CompleteSpec {
  const complete = {
    ...spec,
    description: options.description,
    data: { values: options.rows.map((row) => ({ ...row })) },
    width: Math.max(120, Math.floor(options.width)),
    height: options.height ?? Math.max(1, options.rows.length) * (options.step ?? 28),
    autosize: { type: 'fit-x', contains: 'padding' },
    padding: 8,
    config: themeConfig(options.theme, options.palette, options.locale),
  } satisfies TopLevelSpec;
  return complete;
}
