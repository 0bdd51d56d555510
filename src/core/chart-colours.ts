/**
 * The chart palette: the user's own colours when they chose some, else the
 * administrator's colorsCharts; series i takes palette[i mod length]. '#00acef' when there is nothing.
 */

export const FALLBACK_CHART_COLOUR = '#00acef';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColour(value: unknown): value is string {
  return typeof value === 'string' && HEX.test(value);
}

export function chartColours(
  store: { state: { customChartColors: readonly string[] | null } },
  settings: { colorsCharts?: unknown },
): string[] {
  const custom = store.state.customChartColors;
  if (custom && custom.length > 0) return [...custom];
  const server = Array.isArray(settings.colorsCharts) ? settings.colorsCharts.filter(isHexColour) : [];
  return server.length > 0 ? server : [FALLBACK_CHART_COLOUR];
}

/** The colour of series `index`. */
export function seriesColour(palette: readonly string[], index: number): string {
  return palette.length === 0 ? FALLBACK_CHART_COLOUR : palette[((index % palette.length) + palette.length) % palette.length];
}

/** Black or white text, whichever reads better on the colour (WCAG relative luminance). */
export function contrastText(colour: string): '#000000' | '#ffffff' {
  let hex = colour.replace('#', '');
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const channel = (i: number) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast with black (L+0.05)/0.05 vs with white 1.05/(L+0.05): black wins above ≈0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/** The palette after adding a colour; null when it is already there (any case) or no colour. */
export function addColour(palette: readonly string[], colour: string): string[] | null {
  if (!isHexColour(colour)) return null;
  const lower = colour.toLowerCase();
  return palette.some((c) => c.toLowerCase() === lower) ? null : [...palette, lower];
}
