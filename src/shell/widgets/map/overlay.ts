import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * An image laid over the map between its corners: a GeoTIFF overlay that the import warped to a PNG in the
 * map's projection (a climate variable's raster, a drone image of a trial). Drawn under the places.
 */
export interface MapOverlay {
  url: string;
  west: number;
  south: number;
  east: number;
  north: number;
  opacity?: number;
}

/** A `mapoverlay/table` row's id and corners (ViewTableMapoverlays), what a map needs to lay its image. */
export interface OverlayCorners {
  mapoverlayId: number;
  mapoverlayBottomLeftLat: number;
  mapoverlayBottomLeftLng: number;
  mapoverlayTopRightLat: number;
  mapoverlayTopRightLng: number;
}

/** The image address of an overlay: the image token names the caller, as an <img> sends no bearer token. */
export const overlaySource = (id: number, imageToken: string) => `./api/mapoverlay/${id}/src?token=${encodeURIComponent(imageToken)}`;

/** An overlay row as the map lays it: its image between its corners. */
export function mapOverlay(row: OverlayCorners, imageToken: string): MapOverlay {
  return {
    url: new URL(overlaySource(row.mapoverlayId, imageToken), document.baseURI).href,
    west: row.mapoverlayBottomLeftLng,
    south: row.mapoverlayBottomLeftLat,
    east: row.mapoverlayTopRightLng,
    north: row.mapoverlayTopRightLat,
  };
}

const SOURCE = 'overlay';

/** Replaces the overlay (none: removes it); a missing image only leaves the map without it. */
export function overlayLayers(map: MapLibreMap, overlay: MapOverlay | null, below: string): void {
  if (map.getLayer(SOURCE)) map.removeLayer(SOURCE);
  if (map.getSource(SOURCE)) map.removeSource(SOURCE);
  if (!overlay) return;
  map.addSource(SOURCE, {
    type: 'image',
    url: overlay.url,
    coordinates: [
      [overlay.west, overlay.north],
      [overlay.east, overlay.north],
      [overlay.east, overlay.south],
      [overlay.west, overlay.south],
    ],
  });
  map.addLayer({ id: SOURCE, type: 'raster', source: SOURCE, paint: { 'raster-opacity': overlay.opacity ?? 0.75 } }, map.getLayer(below) ? below : undefined);
}
