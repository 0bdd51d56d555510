import { describe, expect, it } from 'vitest';
import { addColour, chartColours, contrastText, FALLBACK_CHART_COLOUR, seriesColour } from './chart-colours.js';

const store = (customChartColors: string[] | null) => ({ state: { customChartColors } });

describe('chartColours', () => {
  it("uses the user's colours when there are some", () => {
    expect(chartColours(store(['#111111']), { colorsCharts: ['#222222'] })).toEqual(['#111111']);
  });
  it("falls back to the server's colours for null or an empty list", () => {
    expect(chartColours(store(null), { colorsCharts: ['#222222', 'nonsense'] })).toEqual(['#222222']);
    expect(chartColours(store([]), { colorsCharts: ['#222222'] })).toEqual(['#222222']);
  });
  it('falls back to #00acef when neither has colours', () => {
    expect(chartColours(store(null), {})).toEqual([FALLBACK_CHART_COLOUR]);
    expect(FALLBACK_CHART_COLOUR).toBe('#00acef');
  });
});

describe('helpers', () => {
  it('cycles series through the palette', () => {
    expect([0, 1, 2, 3].map((i) => seriesColour(['#a', '#b', '#c'], i))).toEqual(['#a', '#b', '#c', '#a']);
  });
  it('refuses a duplicate colour whatever its case', () => {
    expect(addColour(['#aabbcc'], '#AABBCC')).toBeNull();
    expect(addColour(['#aabbcc'], '#112233')).toEqual(['#aabbcc', '#112233']);
    expect(addColour([], 'red')).toBeNull();
  });
  it('picks readable text', () => {
    expect(contrastText('#ffffff')).toBe('#000000');
    expect(contrastText('#000')).toBe('#ffffff');
    expect(contrastText('#00a0f1')).toBe('#000000');
  });
});
