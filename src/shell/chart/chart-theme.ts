import { useMemo, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { chartColours } from '../../core/chart-colours.js';
import { useServices } from '../pane-api.js';
import { LIGHT_THEME, type ChartTheme } from './chart-spec.js';

/**
 * The page's theme as a chart needs it, read from the design tokens (custom properties) the theme sets
 * on the root element, so a chart always matches the page: when the user toggles dark mode, or the
 * system's scheme changes while the page follows it, the chart is drawn again in the new colours.
 */

function readTheme(): ChartTheme {
  if (typeof document === 'undefined') return LIGHT_THEME;
  const root = document.documentElement;
  const style = getComputedStyle(root);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    dark: root.dataset.theme === 'dark',
    background: token('--surface', LIGHT_THEME.background),
    text: token('--text', LIGHT_THEME.text),
    muted: token('--muted', LIGHT_THEME.muted),
    grid: token('--border', LIGHT_THEME.grid),
    font: token('--font-sans', LIGHT_THEME.font),
  };
}

// useSyncExternalStore needs the same object for the same theme, or it would render without end.
let last: { key: string; theme: ChartTheme } | null = null;
function themeSnapshot(): ChartTheme {
  const theme = readTheme();
  const key = JSON.stringify(theme);
  if (last?.key !== key) last = { key, theme };
  return last.theme;
}

function subscribe(listener: () => void): () => void {
  // The shell switches themes with an attribute on the root element; the system scheme may change the
  // tokens too (before the user has chosen), so both are watched.
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
  const media = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  media?.addEventListener('change', listener);
  return () => {
    observer.disconnect();
    media?.removeEventListener('change', listener);
  };
}

export function useChartTheme(): ChartTheme {
  return useSyncExternalStore(subscribe, themeSnapshot, () => LIGHT_THEME);
}

/** The chart colours: the user's own when chosen (changes show at once), else the administrator's. */
export function useChartPalette(): readonly string[] {
  const { store, settings } = useServices();
  const { customChartColors } = useSnapshot(store.state);
  const palette = chartColours({ state: { customChartColors } }, settings);
  // The same colours give the same array, so the chart is not drawn again on every render.
  const key = palette.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the colours, not the array's identity
  return useMemo(() => palette, [key]);
}
