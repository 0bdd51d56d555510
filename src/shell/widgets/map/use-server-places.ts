import { useCallback, useState } from 'react';
import useSWR from 'swr';
import { placeCellDegrees, type MapBounds, type MapCluster, type MapPlace, type MapPlaces } from '../../../core/map-places.js';
import type { Filter } from '../../../core/table-request.js';
import { useServices } from '../../pane-api.js';

/** What a map shows: its box in degrees (east may pass 180 where the map wraps) and its whole zoom level. */
export interface MapView {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

export interface ServerPlaces {
  places: readonly MapPlace[];
  clusters: readonly MapCluster[];
  /** The box and count of every matching place with coordinates (null until known, or when none has them). */
  bounds: MapBounds | null;
  /** Matching places in the current view. */
  inView: number;
  loading: boolean;
  failed: boolean;
  /** PlaceMap calls this with its view on load and after every move. */
  onView(view: MapView): void;
  /** The four above as PlaceMap's props, to spread into it. */
  map: { places: readonly MapPlace[]; clusters: readonly MapCluster[]; bounds: MapBounds | null; onView(view: MapView): void };
}

/**
 * The view widened to whole cells of its zoom level, one cell more on each side: small pans inside it ask
 * nothing new, and the clusters at the edges are whole.
 */
export function cellAligned(view: MapView): MapView {
  const size = placeCellDegrees(view.zoom);
  // A view round the whole world (a low zoom on a wide map) asks for the world, wherever it is centred.
  if (view.east - view.west + 2 * size >= 360) return { west: -180, south: -90, east: 180, north: 90, zoom: view.zoom };
  const down = (v: number) => (Math.floor(v / size) - 1) * size;
  const up = (v: number) => (Math.ceil(v / size) + 1) * size;
  const round = (v: number) => Number(v.toFixed(9));
  return { west: round(down(view.west)), south: round(Math.max(-90, down(view.south))), east: round(up(view.east)), north: round(Math.min(90, up(view.north))), zoom: view.zoom };
}

const NO_PLACES: readonly MapPlace[] = [];
const NO_CLUSTERS: readonly MapCluster[] = [];

/**
 * A table's rows on a map, clustered by the server for the map's view (POST `<table>/places`, with the
 * table's own filters, so map and table show the same items). Rule: the browser gets at most a few
 * thousand features whatever the table holds; the first answer also brings the box of every match, which
 * the map fits once. `path` null = no map data (e.g. no search yet).
 */
export function useServerPlaces(path: string | null, filters: readonly Filter[], body?: Record<string, unknown>): ServerPlaces {
  const { api } = useServices();
  const [view, setView] = useState<MapView | null>(null);
  const onView = useCallback((next: MapView) => {
    const aligned = cellAligned(next);
    setView((current) => (current && JSON.stringify(current) === JSON.stringify(aligned) ? current : aligned));
  }, []);
  const scope = path === null ? null : JSON.stringify([path, body ?? {}, filters]);
  const filter = filters.length > 0 ? [...filters] : null;
  // The box of every match: once per table and filters, whatever the view.
  const bounds = useSWR(
    scope === null ? null : ['map-bounds', scope],
    () => api.post<MapPlaces>(path as string, { body: { ...body, filter, west: -180, south: -90, east: 180, north: 90, zoom: 0, bounds: true, cells: false } }),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const cells = useSWR(
    scope === null || view === null ? null : ['map-places', scope, JSON.stringify(view)],
    () => api.post<MapPlaces>(path as string, { body: { ...body, filter, ...view } }),
    { revalidateOnFocus: false, keepPreviousData: true, shouldRetryOnError: false },
  );
  const map = { places: cells.data?.places ?? NO_PLACES, clusters: cells.data?.clusters ?? NO_CLUSTERS, bounds: bounds.data?.bounds ?? null, onView };
  return {
    ...map,
    map,
    inView: cells.data?.inView ?? 0,
    loading: bounds.isLoading || cells.isLoading,
    failed: bounds.error !== undefined || cells.error !== undefined,
  };
}
