import { describe, expect, it } from 'vitest';
import { logger, parse, View, Warn } from 'vega';
import { compile } from 'vega-lite';
import { completeSpec, horizontalBars, LIGHT_THEME, themeConfig, type ChartTheme } from './chart-spec.js';

const DARK: ChartTheme = { dark: true, background: '#1f2522', text: '#e6ece8', muted: '#a6b2ab', grid: '#3b4540', font: 'Noto Sans' };
const ROWS = [
  { status: 'Traditional cultivar/landrace', count: 1200 },
  { status: "Breeder's line", count: 800 },
  { status: 'Wild', count: 5 },
];
const bars = horizontalBars({ category: 'status', categoryTitle: 'Biological status', value: 'count', valueTitle: 'Germplasm' });

/** Compiles with vega-lite and draws with vega under Node (no browser): the SVG a download would hold. */
async function svgOf(theme: ChartTheme, palette: string[], locale: 'en_GB' | 'de_DE' = 'en_GB'): Promise<{ svg: string; warnings: string[] }> {
  const warnings: string[] = [];
  const collect = logger(Warn, undefined, (_method, _level, input) => void warnings.push([...input].join(' ')));
  const spec = completeSpec(bars, { rows: ROWS, theme, palette, locale, width: 500, description: 'Three statuses' });
  const view = new View(parse(compile(spec, { logger: collect }).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return { svg, warnings };
}

describe('chart specs', () => {
  it('takes its colours from the theme and the palette, and numbers from the locale', () => {
    const config = themeConfig(DARK, ['#ff0000', '#00ff00'], 'de_DE');
    expect(config.background).toBe(DARK.background);
    expect(config.axis).toMatchObject({ labelColor: DARK.text, titleColor: DARK.text, domainColor: DARK.muted, gridColor: DARK.grid });
    expect(config.range?.category).toEqual(['#ff0000', '#00ff00']);
    expect(config.locale?.number).toMatchObject({ decimal: ',', thousands: '.' });
    expect(config.aria).toBe(false);
    // No palette at all: the fallback colour rather than vega's own scheme.
    expect(themeConfig(LIGHT_THEME, [], 'en_GB').range?.category).toEqual(['#00acef']);
  });

  it('adds the rows, the width and the description to the caller\'s spec', () => {
    const spec = completeSpec(bars, { rows: ROWS, theme: LIGHT_THEME, palette: ['#123456'], locale: 'en_GB', width: 333.7, description: 'About' });
    expect(spec).toMatchObject({ description: 'About', data: { values: ROWS }, width: 333, height: 3 * 28 });
    // A container too small to measure still gets a drawable width.
    expect(completeSpec(bars, { rows: ROWS, theme: LIGHT_THEME, palette: [], locale: 'en_GB', width: 0, description: '' }).width).toBe(120);
    // Rows set the height of bar charts; a scatter or line chart asks for its own.
    expect(completeSpec(bars, { rows: ROWS, theme: LIGHT_THEME, palette: [], locale: 'en_GB', width: 300, description: '' }).height).toBe(ROWS.length * 28);
    expect(completeSpec(bars, { rows: ROWS, theme: LIGHT_THEME, palette: [], locale: 'en_GB', width: 300, description: '', height: 320 }).height).toBe(320);
  });

  it('draws one bar per row in the palette, with texts in the theme colour', async () => {
    const { svg, warnings } = await svgOf(DARK, ['#aa0000', '#00bb00']);
    expect(warnings).toEqual([]);
    expect(svg).toContain(`fill="${DARK.background}"`);
    // The three bars take the palette in turn (the third starts it again).
    expect(svg.match(/fill="#aa0000"/g)?.length).toBe(2);
    expect(svg.match(/fill="#00bb00"/g)?.length).toBe(1);
    expect(svg).toContain(`fill="${DARK.text}"`);
    // Axis labels (the longest is cut to its limit under Node, which only estimates text widths).
    expect(svg).toContain(">Breeder's line<");
    expect(svg).toContain('>Wild<');
    expect(svg).toContain('>1,200<');
  });

  it('writes the values at the bars in the locale\'s number format', async () => {
    expect((await svgOf(LIGHT_THEME, ['#aa0000'], 'de_DE')).svg).toContain('>1.200<');
  });
});
