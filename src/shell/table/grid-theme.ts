import type { Theme } from '@glideapps/glide-data-grid';

/** The grid draws on a canvas, so the page's colours do not reach it: it gets a theme object for each. */

// Contrast of text on cells and headers stays above 4.5:1 in both themes.
const DARK: Partial<Theme> = {
  accentColor: '#7aa7ff',
  accentFg: '#0d1117',
  accentLight: 'rgba(122, 167, 255, 0.32)',
  textDark: '#e6e8eb',
  textMedium: '#b8bec6',
  textLight: '#9aa2ad',
  textBubble: '#e6e8eb',
  bgIconHeader: '#b8bec6',
  fgIconHeader: '#16191d',
  textHeader: '#d4d8de',
  textHeaderSelected: '#0d1117',
  bgCell: '#16191d',
  bgCellMedium: '#1c2025',
  bgHeader: '#20252b',
  bgHeaderHasFocus: '#2a3038',
  bgHeaderHovered: '#2a3038',
  bgBubble: '#2a3038',
  bgBubbleSelected: '#16191d',
  bgSearchResult: '#3d3a1e',
  borderColor: 'rgba(230, 232, 235, 0.16)',
  horizontalBorderColor: 'rgba(230, 232, 235, 0.10)',
  drilldownBorder: 'rgba(230, 232, 235, 0.3)',
  linkColor: '#8fb6ff',
};

export function gridTheme(isDark: boolean): Partial<Theme> | undefined {
  return isDark ? DARK : undefined;
}
