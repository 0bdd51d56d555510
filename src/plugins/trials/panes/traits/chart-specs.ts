import type { ChartSpec } from '../../../../shell/chart/chart-spec.js';

/**
 * The vega-lite specs of the trait charts, over fields of their rows. The widget adds data, size and
 * theme; these need two colours of the page (`ink`) for marks that must stand out on any chart colour:
 * a median or a germplasm's mean is drawn in the text colour and reaches beyond the box onto the
 * background, so it keeps its contrast whatever colour the box has.
 */

/** The page's text and background colours, as the chart theme reads them. */
export interface Ink {
  text: string;
  background: string;
}

export interface TooltipField {
  field: string;
  title: string;
  /** Quantitative fields are formatted as numbers. */
  numeric?: boolean;
}

export interface BoxOptions {
  /** The field naming each box (one box per row, in the rows' order), and its axis title. */
  category: string;
  categoryTitle: string;
  /** The value axis's title, and its number format (d3, e.g. '.0%'); numbers as they are by default. */
  valueTitle: string;
  valueFormat?: string;
  /** The five fields of a box: whiskers from min to max, the box from q1 to q3, a tick at the median. */
  fields: { min: string; q1: string; median: string; q3: string; max: string };
  /** A marked point on each box (the mean of the values, or of one germplasm's), drawn as `shape`. */
  point?: { field: string; shape: 'diamond' | 'circle'; size: number };
  /** One colour per box (the chart colours in turn); else every box in the first chart colour. */
  colourEach: boolean;
  tooltip: readonly TooltipField[];
  ink: Ink;
}

const tooltipOf = (fields: readonly TooltipField[]) =>
  fields.map((f) => (f.numeric ? { field: f.field, type: 'quantitative' as const, title: f.title, format: ',' } : { field: f.field, type: 'nominal' as const, title: f.title }));

/**
 * Horizontal box plots drawn from quantiles the database computed (never from the values): a whisker
 * rule from min to max, a bar from q1 to q3, a tick at the median and an optional marked point.
 */
export function horizontalBoxes(options: BoxOptions): ChartSpec {
  const { fields, ink } = options;
  const y = { field: options.category, type: 'nominal' as const, sort: null, title: options.categoryTitle, axis: { labelLimit: 260 } };
  const x = (field: string) => ({
    field,
    type: 'quantitative' as const,
    title: options.valueTitle,
    scale: { zero: false },
    ...(options.valueFormat ? { axis: { format: options.valueFormat } } : {}),
  });
  const x2 = (field: string) => ({ field });
  const tooltip = tooltipOf(options.tooltip);
  const colour = options.colourEach ? { color: { field: options.category, type: 'nominal' as const, legend: null, sort: null } } : {};
  const layers: NonNullable<Extract<ChartSpec, { layer: unknown }>['layer']> = [
    { mark: { type: 'rule', color: ink.text, strokeWidth: 1.5 }, encoding: { y, x: x(fields.min), x2: x2(fields.max), tooltip } },
    { mark: { type: 'bar', size: 14, cornerRadius: 2 }, encoding: { y, x: x(fields.q1), x2: x2(fields.q3), ...colour, tooltip } },
    { mark: { type: 'tick', color: ink.text, size: 22, thickness: 3 }, encoding: { y, x: x(fields.median), tooltip } },
  ];
  if (options.point) {
    const { field, shape, size } = options.point;
    layers.push({
      mark: { type: 'point', shape, size, filled: true, fill: shape === 'circle' ? ink.text : ink.background, stroke: shape === 'circle' ? ink.background : ink.text, strokeWidth: 1.5, opacity: 1 },
      encoding: { y, x: x(field), tooltip },
    });
  }
  return { layer: layers };
}

/** A field of a heatmap's cells with its title and how its values read. */
export interface HeatField {
  field: string;
  title: string;
  type: 'ordinal' | 'nominal' | 'quantitative' | 'temporal';
  /** The order of an axis's values, when it is not ascending (dates written for the reader, names as met). */
  order?: readonly string[];
}

export interface HeatmapOptions<C> {
  /** The cells drawn (their own data: the widget's rows are the table of the same values, one row per y). */
  cells: readonly C[];
  x: HeatField;
  y: HeatField;
  colour: HeatField;
  /** The x values whose cells are outlined (a chosen date); none when empty. */
  highlight?: { field: string; values: readonly (string | number)[] };
  tooltip: readonly TooltipField[];
  ink: Ink;
}

/**
 * A grid of coloured cells (a trial's plots by row and column, germplasm by date). Numbers take the
 * viridis scheme, which stays readable for colour-blind readers and in both themes; categories the chart
 * colours. The cells are the spec's own data, so that the widget's rows can be the table a reader reads.
 */
export function heatmap<C extends Record<string, unknown>>(options: HeatmapOptions<C>): ChartSpec {
  const { ink } = options;
  const axis = (field: HeatField) => ({ field: field.field, type: field.type, title: field.title, sort: field.order ? [...field.order] : ('ascending' as const) });
  const colour =
    options.colour.type === 'quantitative' || options.colour.type === 'temporal'
      ? { field: options.colour.field, type: options.colour.type, title: options.colour.title, scale: { scheme: 'viridis' } }
      : { field: options.colour.field, type: options.colour.type, title: options.colour.title };
  const values = options.cells.map((cell) => ({ ...cell }));
  const layers: NonNullable<Extract<ChartSpec, { layer: unknown }>['layer']> = [
    {
      data: { values },
      mark: { type: 'rect', stroke: ink.background, strokeWidth: 1 },
      encoding: { x: axis(options.x), y: axis(options.y), color: colour, tooltip: tooltipOf(options.tooltip) },
    },
  ];
  const highlight = options.highlight;
  if (highlight && highlight.values.length > 0) {
    const chosen = new Set(highlight.values.map(String));
    layers.push({
      data: { values: values.filter((cell) => chosen.has(String(cell[highlight.field]))) },
      mark: { type: 'rect', fillOpacity: 0, stroke: ink.text, strokeWidth: 2.5 },
      encoding: { x: axis(options.x), y: axis(options.y) },
    });
  }
  return { layer: layers };
}
