import type { Feature, Point } from 'geojson';
import { Map as MapLibreMap, setWorkerUrl, type GeoJSONSource, type MapMouseEvent } from 'maplibre-gl';
import mapCss from 'maplibre-gl/dist/maplibre-gl.css' with { type: 'text' };
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useServices } from '../../pane-api.js';
import { ensureStyle } from '../styles.js';
import { baseStyle } from './base-style.js';
import { DRAWING, drawingFeatures, drawingLayers, selfIntersects, type Drawing, type LatLng } from './drawing.js';
import { focusedOf, showFocus, stepFocus, type FocusedPlace } from './focus.js';
import { registerMap } from './handles.js';
import { MapLayerPicker } from './LayerPicker.js';
import { useMapLayer } from './layer.js';
import { overlayLayers, type MapOverlay } from './overlay.js';
import { ClusterCounts, FOCUS, MARKED, markLayers, PICKABLE, placeFeatures, setData, showPlaces, type MapPlace, type PlaceMapMode } from './place-layers.js';
import type { MapBounds, MapCluster } from '../../../core/map-places.js';
import type { MapView } from './use-server-places.js';
import { PLACE_MAP_CSS } from './styles.js';

export type { Drawing, LatLng, MapOverlay, MapPlace, PlaceMapMode };

// build.mjs copies MapLibre's self-contained worker here (the bundle moves the file it expects beside it).
setWorkerUrl('/assets/maplibre-gl-worker.mjs');

export interface PlaceMapProps {
  paneKey: string;
  paneType: string;
  places: readonly MapPlace[];
  /**
   * Server mode (use-server-places.ts): the server's clusters for the view `onView` last reported, and the
   * box of every place, which the map fits once. Without onView the map clusters `places` itself.
   */
  clusters?: readonly MapCluster[];
  bounds?: MapBounds | null;
  onView?(view: MapView): void;
  mode: PlaceMapMode;
  /** The map's accessible name: what it shows, and where its table alternative is. */
  label: string;
  /** Germplasm are drawn shifted slightly at random (jitter.ts); locations are not. */
  jitter?: boolean;
  marked?: readonly number[];
  onMark?(id: number): void;
  onOpen?(id: number): void;
  overlay?: MapOverlay | null;
  drawing?: Drawing | null;
  onDraw?(drawing: Drawing): void;
  height?: number | string;
}

const BELOW_MARKS = 'marked-rings';

/**
 * A map of many places over the offline base map: clustered, as a heatmap or as points; marked places ringed;
 * an overlay image; a point or polygon drawn by mouse or keyboard. Keyboard: the arrow keys pan and + and −
 * zoom (MapLibre's), `]` and `[` step through the places in view, Enter opens a place or zooms into a cluster,
 * x marks; when drawing, v puts a vertex (or the point) at the centre, Backspace removes one, c closes.
 */
export function PlaceMap(props: PlaceMapProps) {
  const { t } = useServices();
  // The user's map layer: the offline map's look (or the configured tiles) and the colours drawn over it.
  const layer = useMapLayer();
  const dark = layer.dark;
  const tiles = layer.tiles;
  const tilesRef = useRef(tiles);
  tilesRef.current = tiles;
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const focused = useRef<FocusedPlace | null>(null);
  // The view fits the places once (when they first arrive); after that it is the user's.
  const fitted = useRef(false);
  // Whether the current map has loaded its style: changes before that are applied by its load handler.
  const ready = useRef(false);
  const [said, say] = useState('');
  const helpId = useId();
  // The server clusters only views of many places; a few it sends one by one, and MapLibre clusters those.
  const serverClustered = (props.clusters?.length ?? 0) > 0;
  const features = useMemo(() => placeFeatures(props.places, props.jitter === true, props.clusters), [props.places, props.jitter, props.clusters]);
  const featuresRef = useRef(features);
  featuresRef.current = features;
  const markedFeatures = useMemo(() => {
    const ids = new Set(props.marked ?? []);
    return { type: 'FeatureCollection' as const, features: features.features.filter((f) => f.properties.id !== undefined && ids.has(f.properties.id)) };
  }, [features, props.marked]);
  const markedRef = useRef(markedFeatures);
  markedRef.current = markedFeatures;

  const setFocus = (place: FocusedPlace | null) => {
    focused.current = place;
    const map = mapRef.current;
    if (map) showFocus(map, place);
    if (!place) say(t('map.focus.none'));
    else say(place.id === null ? t('map.focus.cluster', { count: String(place.count) }) : place.label);
  };

  const draw = (change: (drawing: Drawing) => Drawing | string) => {
    const { drawing, onDraw } = latest.current;
    if (!drawing || !onDraw) return;
    const next = change(drawing);
    if (typeof next === 'string') return say(t(next));
    onDraw(next);
  };
  const place = (at: LatLng) =>
    draw((d) => (d.kind === 'point' ? { ...d, point: at } : d.closed ? { ...d, vertices: [at], closed: false } : { ...d, vertices: [...d.vertices, at] }));

  const actions = {
    place,
    setFocus,
    centre: (): LatLng => {
      const c = mapRef.current?.getCenter();
      return { lat: c?.lat ?? 0, lng: c?.lng ?? 0 };
    },
    focusPlace: (step: 1 | -1) => {
      const map = mapRef.current;
      if (map) setFocus(stepFocus(map, focused.current, step));
    },
    openFocused: () => {
      const map = mapRef.current;
      const current = focused.current;
      if (!map || !current) return;
      if (current.extent) {
        map.fitBounds(current.extent, { padding: 40, maxZoom: Math.max(map.getZoom() + 2, 6), duration: 300 });
        setFocus(null);
      } else if (current.cluster !== null) {
        const source = map.getSource('places') as GeoJSONSource | undefined;
        void source?.getClusterExpansionZoom(Number(current.cluster)).then((zoom) => map.easeTo({ center: [current.lng, current.lat], zoom }));
        setFocus(null);
      } else if (current.id !== null) latest.current.onOpen?.(current.id);
    },
    markFocused: () => {
      const current = focused.current;
      if (current?.id == null || !latest.current.onMark) return;
      const wasMarked = (latest.current.marked ?? []).includes(current.id);
      latest.current.onMark(current.id);
      say(t(wasMarked ? 'map.mark.unmarked' : 'map.mark.marked', { label: current.label }));
    },
    addAtCentre: () => place(actions.centre()),
    removeLast: () => draw((d) => (d.kind === 'point' ? { ...d, point: null } : { ...d, vertices: d.vertices.slice(0, -1), closed: false })),
    close: () =>
      draw((d) => {
        if (d.kind !== 'polygon') return d;
        if (d.vertices.length < 3) return 'map.draw.tooFew';
        if (selfIntersects(d.vertices)) return 'map.draw.crosses';
        return { ...d, closed: true };
      }),
    drawing: () => latest.current.drawing?.kind ?? null,
  };
  const actionsRef = useRef(actions);
  actionsRef.current = actions;

  useEffect(() => {
    const act = () => actionsRef.current;
    return registerMap(props.paneKey, {
      paneType: props.paneType,
      centre: () => act().centre(),
      focusPlace: (step) => act().focusPlace(step),
      openFocused: () => act().openFocused(),
      markFocused: () => act().markFocused(),
      addAtCentre: () => act().addAtCentre(),
      removeLast: () => act().removeLast(),
      close: () => act().close(),
      drawing: () => act().drawing(),
    });
  }, [props.paneKey, props.paneType]);

  // The map itself: made again when the theme or the layer changes (a canvas takes no CSS colours), keeping the view.
  useEffect(() => {
    if (!container.current) return;
    ensureStyle('maplibre-gl', mapCss);
    ensureStyle('place-map', PLACE_MAP_CSS);
    const previous = mapRef.current;
    const view = previous ? { center: previous.getCenter(), zoom: previous.getZoom() } : { center: { lng: 10, lat: 30 }, zoom: 1 };
    const empty = { type: 'FeatureCollection' as const, features: [] };
    const map = new MapLibreMap({
      container: container.current,
      style: baseStyle(
        dark,
        {
          sources: { [MARKED]: { type: 'geojson', data: empty }, [FOCUS]: { type: 'geojson', data: empty }, [DRAWING]: { type: 'geojson', data: empty } },
          layers: [...markLayers(dark), ...drawingLayers()],
        },
        tilesRef.current,
      ),
      ...view,
      // Tiles come with their licence's attribution; the offline map needs none.
      attributionControl: tilesRef.current?.attribution ? { compact: true } : false,
      doubleClickZoom: false,
      locale: { 'Map.Title': latest.current.label },
      canvasContextAttributes: { preserveDrawingBuffer: true },
    });
    mapRef.current = map;
    ready.current = false;
    const counts = new ClusterCounts();
    const reportView = () => latest.current.onView?.(viewOf(map));
    map.on('load', () => {
      const { mode, overlay, drawing } = latest.current;
      showPlaces(map, mode, dark, featuresRef.current, BELOW_MARKS, (latest.current.clusters?.length ?? 0) > 0);
      setData(map, MARKED, markedRef.current);
      setData(map, DRAWING, drawingFeatures(drawing ?? null));
      overlayLayers(map, overlay ?? null, 'place-points');
      if (!fitted.current) fitted.current = fitFirst(map, latest.current, featuresRef.current.features);
      ready.current = true;
      container.current?.setAttribute('data-map-loaded', 'true');
      reportView();
    });
    map.on('moveend', reportView);
    map.on('idle', () => {
      counts.update(map);
      container.current?.setAttribute('data-map-idle', String(Number(container.current.dataset.mapIdle ?? '0') + 1));
    });
    map.on('click', (event: MapMouseEvent) => {
      if (latest.current.drawing) return actionsRef.current.place({ lat: event.lngLat.lat, lng: event.lngLat.lng });
      const layers = PICKABLE.filter((id) => map.getLayer(id));
      const hit = layers.length > 0 ? map.queryRenderedFeatures(event.point, { layers })[0] : undefined;
      if (!hit || hit.geometry.type !== 'Point') return;
      const [lng, lat] = hit.geometry.coordinates;
      const place = focusedOf(hit.properties, lng, lat);
      if (place.id === null) {
        focused.current = place;
        actionsRef.current.openFocused();
      } else {
        actionsRef.current.setFocus(place);
        actionsRef.current.markFocused();
      }
    });
    return () => {
      counts.clear();
      map.remove();
    };
  }, [dark, tiles]);

  // Data and mode changes after the map is made.
  const darkRef = useRef(dark);
  darkRef.current = dark;
  const loaded = () => ready.current;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded()) return;
    // The theme is read, not followed: a theme change makes the map anew.
    showPlaces(map, props.mode, darkRef.current, features, BELOW_MARKS, serverClustered);
    if (!fitted.current) fitted.current = fitFirst(map, latest.current, features.features);
  }, [features, props.mode, serverClustered]);
  // Server mode: the box of every place arrives on its own; the first one sets the view.
  const boundsKey = JSON.stringify(props.bounds ?? null);
  useEffect(() => {
    const map = mapRef.current;
    if (map && loaded() && !fitted.current) fitted.current = fitFirst(map, latest.current, featuresRef.current.features);
  }, [boundsKey]);
  useEffect(() => {
    if (mapRef.current && loaded()) setData(mapRef.current, MARKED, markedFeatures);
  }, [markedFeatures]);
  // Callers build these objects anew on every render: they are compared by content.
  const drawingKey = JSON.stringify(props.drawing ?? null);
  const overlayKey = JSON.stringify(props.overlay ?? null);
  useEffect(() => {
    if (mapRef.current && loaded()) setData(mapRef.current, DRAWING, drawingFeatures(latest.current.drawing ?? null));
  }, [drawingKey]);
  useEffect(() => {
    if (mapRef.current && loaded()) overlayLayers(mapRef.current, latest.current.overlay ?? null, 'place-points');
  }, [overlayKey]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const handled: Record<string, () => void> = {
      ']': () => actions.focusPlace(1),
      '[': () => actions.focusPlace(-1),
      Enter: () => actions.openFocused(),
      x: () => actions.markFocused(),
      ...(props.drawing ? { v: actions.addAtCentre, Backspace: actions.removeLast, c: actions.close } : {}),
    };
    const run = handled[event.key];
    if (!run) return;
    // The map's keys are the map's while it has the focus (the workspace's x would mark a table row).
    event.preventDefault();
    event.stopPropagation();
    run();
  };

  return (
    <figure className="place-map" style={{ margin: 0 }}>
      <div ref={container} className="place-map-canvas" aria-describedby={helpId} onKeyDown={onKeyDown} style={{ height: props.height ?? 360, width: '100%' }} />
      <MapLayerPicker layer={layer} />
      <figcaption id={helpId}>
        {props.label} {t(props.drawing ? (props.drawing.kind === 'point' ? 'map.help.point' : 'map.help.polygon') : 'map.help.places')}
      </figcaption>
      <p role="status" aria-live="polite" className="place-map-said">
        {said}
      </p>
    </figure>
  );
}

/** The map's view as the server's places request takes it (a whole zoom level). */
function viewOf(map: MapLibreMap): MapView {
  const box = map.getBounds();
  return { west: box.getWest(), south: box.getSouth(), east: box.getEast(), north: box.getNorth(), zoom: Math.max(0, Math.min(24, Math.floor(map.getZoom()))) };
}

/** The first view: the box of every place (server mode, once known), else the places given. */
function fitFirst(map: MapLibreMap, props: PlaceMapProps, features: readonly Feature<Point>[]): boolean {
  if (props.onView === undefined) return fitPlaces(map, features) || fitOverlay(map, props.overlay ?? null);
  const bounds = props.bounds;
  if (!bounds) return false;
  map.fitBounds([bounds.west, bounds.south, bounds.east, bounds.north], { padding: 40, maxZoom: 8, duration: 0 });
  return true;
}

/** A map without places shows its overlay's image whole. */
function fitOverlay(map: MapLibreMap, overlay: MapOverlay | null): boolean {
  if (!overlay) return false;
  map.fitBounds([overlay.west, overlay.south, overlay.east, overlay.north], { padding: 20, duration: 0 });
  return true;
}

/** Shows every place (world view when there are none or they span it); true once fitted. */
function fitPlaces(map: MapLibreMap, features: readonly Feature<Point>[]): boolean {
  if (features.length === 0) return false;
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const feature of features) {
    const [lng, lat] = feature.geometry.coordinates;
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  map.fitBounds([west, south, east, north], { padding: 40, maxZoom: 8, duration: 0 });
  return true;
}
