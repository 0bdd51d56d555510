import { describe, expect, it } from 'vitest';
import { logger, parse, View, Warn } from 'vega';
import { compile } from 'vega-lite';
import { completeSpec, LIGHT_THEME, type ChartRow, type ChartSpec } from '../../../../shell/chart/chart-spec.js';
import { boxPlotSpec, comparisonSpec, countBarsSpec, matrixSpec, timelineSpec, type AxisField } from './specs.js';

/** Compiles and draws a spec as the Chart widget completes it, under Node; the SVG and every warning. */
async function draw(spec: ChartSpec, rows: ChartRow[]): Promise<{ svg: string; warnings: string[]; width: number; height: number }> {
  const warnings: string[] = [];
  const collect = logger(Warn, undefined, (_method, _level, input) => void warnings.push([...input].join(' ')));
  const full = completeSpec(spec, { rows, theme: LIGHT_THEME, palette: ['#aa0000', '#00bb00'], locale: 'en_GB', width: 600, description: 'Test' });
  const view = new View(parse(compile(full, { logger: collect }).spec), { renderer: 'none' }).logger(collect);
  const svg = await view.toSVG();
  // The drawing's own size: composite views have no width and height signals.
  const [width, height] = [/<svg[^>]* width="([\d.]+)"/, /<svg[^>]* height="([\d.]+)"/].map((pattern) => Number(pattern.exec(svg)?.[1] ?? 0));
  const size = { width, height };
  view.finalize();
  return { svg, warnings, ...size };
}

const HEIGHT: AxisField = { field: 't4', title: 'Plant height [cm]', temporal: false };
const HEADING: AxisField = { field: 't2', title: 'Heading', temporal: true };
const MATURITY: AxisField = { field: 't3', title: 'Maturity', temporal: true };
const POINTS: ChartRow[] = [
  { germplasm: 'Heris', colour: 'Sprayed', t4: 85, t2: '2020-06-19', t3: '2020-08-01' },
  { germplasm: 'Dialog', colour: 'None', t4: 92.5, t2: '2020-06-21', t3: '2020-08-03' },
  { germplasm: 'Gasta', colour: 'None', t4: 77, t2: null, t3: '2020-08-02' },
];

describe('trials export chart specs', () => {
  it('draws box plots from quantiles', async () => {
    const spec = boxPlotSpec({ box: 'Dataset', value: 'Plant height [cm]', ink: '#123456', stats: { min: 'Min', q1: 'Q1', median: 'Median', q3: 'Q3', max: 'Max', avg: 'Mean', count: 'Count' } });
    const { svg, warnings } = await draw(spec, [
      { box: 'Trials dataset', min: 57, q1: 77.9, median: 85.5, q3: 97.1, max: 136, avg: 87.8, count: 112 },
      { box: 'Trials dataset · Sprayed', min: 65, q1: 80, median: 86.5, q3: 94.5, max: 144, avg: 88.6, count: 110 },
    ]);
    expect(warnings).toEqual([]);
    expect(svg).toContain('>Trials dataset · Sprayed<');
    expect(svg).toContain('>Plant height [cm]<');
    // Two whiskers and two medians in the colour given.
    expect(svg.match(/stroke="#123456"|fill="#123456"/g)?.length).toBe(4);
  });

  it('draws counted categories as bars with their series', async () => {
    const { svg, warnings } = await draw(countBarsSpec({ label: 'Value', count: 'Count', series: 'Dataset', value: 'Value' }), [
      { label: 'Spring (Trials)', value: 'Spring', series: 'Trials', count: 5 },
      { label: 'Winter (Trials)', value: 'Winter', series: 'Trials', count: 3 },
    ]);
    expect(warnings).toEqual([]);
    expect(svg).toContain('>Spring (Trials)<');
  });

  it('draws a single scatter of two traits, and a matrix of more, dates as days', async () => {
    const colour = { title: 'Treatment', legend: true };
    const single = await draw(matrixSpec({ axes: [HEIGHT, HEADING], colour, itemTitle: 'Germplasm', width: 640 }), POINTS);
    expect(single.warnings).toEqual([]);
    expect(single.svg).toContain('>Plant height [cm]<');
    expect(single.svg).toContain('>Heading<');
    // Its own size, not the widget's height per row; the width given, axes included.
    expect(single.height).toBeGreaterThan(300);
    expect(single.width).toBe(640);

    const matrix = await draw(matrixSpec({ axes: [HEIGHT, HEADING, MATURITY], colour: null, itemTitle: 'Germplasm', width: 640 }), POINTS);
    expect(matrix.warnings).toEqual([]);
    expect(matrix.svg).toContain('>Maturity<');
    expect(matrix.svg).toMatch(/Jun 2020|Aug 2020|Jun|Aug/);
    expect(matrix.height).toBeGreaterThan(500);
    // A grid of views has no width of its own: the one given (else it would be drawn 0 wide).
    expect(matrix.width).toBe(640);
    // Nine cells: six scatters (three points each, one without a heading) and three distributions.
    expect(matrix.svg.match(/class="mark-symbol role-mark/g)?.length).toBe(6);
  });

  it('draws the comparison and the timeline', async () => {
    const comparison = await draw(comparisonSpec({ category: 'Treatment', value: 'Plant height [cm]', germplasm: 'Germplasm', count: 'Values' }, true, 600), [
      { germplasm: 'Heris', category: 'None', value: 80, count: 1 },
      { germplasm: 'Heris', category: 'Sprayed', value: 95, count: 2 },
    ]);
    expect(comparison.warnings).toEqual([]);
    expect(comparison.svg).toContain('>Sprayed<');
    const timeline = await draw(timelineSpec({ date: 'Date', value: 'Plant height [cm]', germplasm: 'Germplasm' }, { title: 'Treatment', legend: true }, false, 600), [
      { germplasm: 'Heris', date: '2020-06-01', value: 12, colour: 'Sprayed' },
      { germplasm: 'Heris', date: '2020-06-03', value: 20, colour: 'Sprayed' },
    ]);
    expect(timeline.warnings).toEqual([]);
    expect(timeline.svg).toContain('>Date<');
  });
});
