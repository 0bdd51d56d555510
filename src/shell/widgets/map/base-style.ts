import type { FeatureCollection, Geometry } from 'geojson';
import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';

/**
 * The offline base map every map draws on: country shapes from world-atlas as a GeoJSON layer of a style
 * with no tile source, so maps work behind firewalls and in tests with the network blocked. A canvas does
 * not take CSS colours, so the colours follow the page's theme here.
 */
const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;
const land = feature(topology, topology.objects.countries) as FeatureCollection<Geometry>;

/** Sea, land, borders and marker outlines per theme; the markers' colours read on both. */
export const MAP_COLOURS = {
  light: { sea: '#dbe9f4', land: '#f3f1e8', borders: '#9a9a8a', outline: '#ffffff', text: '#1d2125' },
  dark: { sea: '#0f1a24', land: '#26302a', borders: '#5d6b62', outline: '#16191d', text: '#f2f4f5' },
} as const;

export type MapColours = (typeof MAP_COLOURS)[keyof typeof MAP_COLOURS];

export const mapColours = (dark: boolean): MapColours => (dark ? MAP_COLOURS.dark : MAP_COLOURS.light);

/** A raster tile server (the administrators' map tile setting) to draw instead of the offline shapes. */
export interface BaseTiles {
  url: string;
  attribution: string | null;
}

/**
 * The base style's sources and layers; callers add their own on top. With `tiles` the base is the tile
 * server's raster (256-pixel XYZ tiles) over the sea colour, which shows while tiles load or if they fail.
 */
export function baseStyle(
  dark: boolean,
  extra: { sources?: Record<string, SourceSpecification>; layers?: LayerSpecification[] } = {},
  tiles: BaseTiles | null = null,
): StyleSpecification {
  const colours = mapColours(dark);
  const sea: LayerSpecification = { id: 'sea', type: 'background', paint: { 'background-color': colours.sea } };
  if (tiles) {
    const raster: SourceSpecification = { type: 'raster', tiles: [tiles.url], tileSize: 256, ...(tiles.attribution ? { attribution: tiles.attribution } : {}) };
    return { version: 8, sources: { tiles: raster, ...extra.sources }, layers: [sea, { id: 'tiles', type: 'raster', source: 'tiles' }, ...(extra.layers ?? [])] };
  }
  return {
    version: 8,
    sources: { countries: { type: 'geojson', data: land }, ...extra.sources },
    layers: [
      sea,
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': colours.land } },
      { id: 'borders', type: 'line', source: 'countries', paint: { 'line-color': colours.borders, 'line-width': 0.6 } },
      ...(extra.layers ?? []),
    ],
  };
}
