import { describe, expect, it } from 'vitest';
import { configuredTiles, nextLayer, resolveLayer } from './layer.js';

const tiles = { url: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example' };

describe('map layer', () => {
  it('follows the theme by default, and is light or dark whatever the theme when chosen so', () => {
    expect(resolveLayer('theme', true, null)).toMatchObject({ name: 'theme', dark: true, tiles: null });
    expect(resolveLayer('theme', false, null)).toMatchObject({ name: 'theme', dark: false });
    expect(resolveLayer('light', true, null)).toMatchObject({ name: 'light', dark: false });
    expect(resolveLayer('dark', false, null)).toMatchObject({ name: 'dark', dark: true });
  });

  it('offers the tiles only when configured, and falls back to the theme for unknown or unconfigured layers', () => {
    expect(resolveLayer('theme', false, null).choices).toEqual(['theme', 'light', 'dark']);
    expect(resolveLayer('theme', false, tiles).choices).toEqual(['theme', 'light', 'dark', 'tiles']);
    expect(resolveLayer('tiles', true, tiles)).toMatchObject({ name: 'tiles', dark: true, tiles });
    expect(resolveLayer('tiles', false, null)).toMatchObject({ name: 'theme', tiles: null });
    // Germinate's own client stores Leaflet layer names.
    expect(resolveLayer('satellite', false, tiles)).toMatchObject({ name: 'theme', tiles: null });
  });

  it('cycles through the offered layers', () => {
    expect(nextLayer(resolveLayer('theme', false, null))).toBe('light');
    expect(nextLayer(resolveLayer('dark', false, null))).toBe('theme');
    expect(nextLayer(resolveLayer('dark', false, tiles))).toBe('tiles');
    expect(nextLayer(resolveLayer('tiles', false, tiles))).toBe('theme');
  });

  it('reads the tile server from the public settings', () => {
    expect(configuredTiles({})).toBeNull();
    expect(configuredTiles({ mapTileUrl: '' })).toBeNull();
    expect(configuredTiles({ mapTileUrl: tiles.url })).toEqual({ url: tiles.url, attribution: null });
    expect(configuredTiles({ mapTileUrl: tiles.url, mapTileAttribution: '© Example' })).toEqual(tiles);
  });
});
