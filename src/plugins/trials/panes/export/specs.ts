import type { ChartSpec } from '../../../../shell/chart/chart-spec.js';
import { colourEncoding, sized, type ColourField } from '../../../../shell/export/chart-specs.js';

export { boxPlotSpec, countBarsSpec, matrixSpec, sized, type AxisField, type BoxTitles, type ColourField, type MatrixOptions } from '../../../../shell/export/chart-specs.js';

/**
 * The trials export's own vega-lite specs: the comparison and the timeline, single views of a size of
 * their own (`sized`). The box plots, counted bars and scatter matrix are the export pages' shared ones
 * (src/shell/export/chart-specs.ts). Pure, and unit-tested.
 */

/** A numeric trait per germplasm across datasets or treatments (rows: germplasm, category, value, count). */
export function comparisonSpec(titles: { category: string; value: string; germplasm: string; count: string }, legend: boolean, width: number): ChartSpec {
  const x = { field: 'category', type: 'nominal', sort: null, title: titles.category, axis: { labelAngle: 0, labelLimit: 200 } };
  const y = { field: 'value', type: 'quantitative', title: titles.value, scale: { zero: false } };
  const color = { field: 'germplasm', type: 'nominal', title: titles.germplasm, legend: legend ? { orient: 'right', labelLimit: 200 } : null };
  const tooltip = [
    { field: 'germplasm', type: 'nominal', title: titles.germplasm },
    { field: 'category', type: 'nominal', title: titles.category },
    { field: 'value', type: 'quantitative', title: titles.value },
    { field: 'count', type: 'quantitative', title: titles.count },
  ];
  return sized(
    {
      layer: [
        { mark: { type: 'line', strokeWidth: 1.5 }, encoding: { x, y, color, detail: { field: 'germplasm', type: 'nominal' } } },
        { mark: { type: 'point', filled: true, size: 48 }, encoding: { x, y, color, tooltip } },
      ],
    },
    width,
    320,
  );
}

/** Values of one trait by day, a line per germplasm (rows: germplasm, date, value, colour). */
export function timelineSpec(titles: { date: string; value: string; germplasm: string }, colour: ColourField | null, germplasmLegend: boolean, width: number): ChartSpec {
  const x = { field: 'date', type: 'temporal', title: titles.date, scale: { type: 'utc' }, axis: { format: '%d %b', labelOverlap: true } };
  const y = { field: 'value', type: 'quantitative', title: titles.value, scale: { zero: false } };
  const color = colour
    ? colourEncoding(colour).color
    : { field: 'germplasm', type: 'nominal', title: titles.germplasm, legend: germplasmLegend ? { orient: 'right', labelLimit: 200 } : null };
  const tooltip = [
    { field: 'germplasm', type: 'nominal', title: titles.germplasm },
    ...(colour ? [{ field: 'colour', type: 'nominal', title: colour.title }] : []),
    { field: 'date', type: 'temporal', timeUnit: 'utcyearmonthdate', title: titles.date, format: '%d/%m/%Y' },
    { field: 'value', type: 'quantitative', title: titles.value },
  ];
  return sized(
    {
      layer: [
        { mark: { type: 'line', strokeWidth: 1.2, opacity: 0.7 }, encoding: { x, y, color, detail: { field: 'germplasm', type: 'nominal' } } },
        { mark: { type: 'point', filled: true, size: 24 }, encoding: { x, y, color, tooltip } },
      ],
    },
    width,
    340,
  );
}
