import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { useServices } from '../../pane-api.js';
import { useDarkTheme } from '../../use-dark-theme.js';

/**
 * The user's map layer (client state `mapLayer`, as Germinate keeps it): the offline map following the page's
 * theme (the default), the offline map light or dark whatever the theme, or the administrators' tile server
 * when one is configured (settings mapTileUrl). A name this client does not know (Germinate's Leaflet layer
 * names) or tiles no longer configured fall back to the theme.
 */
export const MAP_LAYERS = ['theme', 'light', 'dark', 'tiles'] as const;
export type MapLayerName = (typeof MAP_LAYERS)[number];

export interface MapTiles {
  url: string;
  attribution: string | null;
}

export interface MapLayer {
  name: MapLayerName;
  /** The offline map's look, and the colours drawn over any base (marker outlines, the focus halo). */
  dark: boolean;
  tiles: MapTiles | null;
  /** The layers this deployment offers (tiles only when configured). */
  choices: readonly MapLayerName[];
}

/** The configured tile server from the public settings, or null. */
export function configuredTiles(settings: Record<string, unknown>): MapTiles | null {
  const url = settings.mapTileUrl;
  if (typeof url !== 'string' || url === '') return null;
  const attribution = settings.mapTileAttribution;
  return { url, attribution: typeof attribution === 'string' && attribution !== '' ? attribution : null };
}

/** The layer a stored name stands for, given the page's theme and the configured tiles. */
export function resolveLayer(stored: string, pageDark: boolean, tiles: MapTiles | null): MapLayer {
  const choices: readonly MapLayerName[] = tiles ? MAP_LAYERS : MAP_LAYERS.filter((n) => n !== 'tiles');
  const name = (choices as readonly string[]).includes(stored) ? (stored as MapLayerName) : 'theme';
  const dark = name === 'dark' || (name !== 'light' && pageDark);
  return { name, dark, tiles: name === 'tiles' ? tiles : null, choices };
}

/** The next layer after the current one (the palette's command cycles through them). */
export function nextLayer(layer: MapLayer): MapLayerName {
  const index = layer.choices.indexOf(layer.name);
  return layer.choices[(index + 1) % layer.choices.length];
}

export function useMapLayer(): MapLayer {
  const { store, settings } = useServices();
  const snap = useSnapshot(store.state);
  const pageDark = useDarkTheme();
  // One object while the settings stay: maps are made anew when it changes.
  const url = settings.mapTileUrl;
  const attribution = settings.mapTileAttribution;
  const tiles = useMemo(() => configuredTiles({ mapTileUrl: url, mapTileAttribution: attribution }), [url, attribution]);
  return resolveLayer(snap.mapLayer, pageDark, tiles);
}
