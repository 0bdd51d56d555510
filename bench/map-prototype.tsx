/**
 * A prototype beside the map benchmark's harness, for what PlaceMap could do instead: the same base style,
 * clustered source and layers (place-layers.ts), but the places handed over either as an object (what
 * PlaceMap does: MapLibre copies it on the main thread, then the browser clones it to the worker) or as a
 * URL the worker fetches and parses itself (here a blob: URL made before the clock starts, standing for an
 * API answer). Not part of the app's build.
 */
import type { FeatureCollection } from 'geojson';
import { Map as MapLibreMap, setWorkerUrl, type GeoJSONSource, type MapSourceDataEvent } from 'maplibre-gl';
import mapCss from 'maplibre-gl/dist/maplibre-gl.css' with { type: 'text' };
import { ensureStyle } from '../src/shell/widgets/styles.js';
import { baseStyle } from '../src/shell/widgets/map/base-style.js';
import { ClusterCounts, PLACES, placeFeatures, showPlaces } from '../src/shell/widgets/map/place-layers.js';
import type { MapBenchRun } from './map-harness.js';
import { generatePlaces } from './map-places.js';

/**
 * object: as PlaceMap; ids: no label text and no feature id (labels would be looked up by id on the main thread);
 * url: fetched and parsed by the worker.
 */
export type HandOver = 'object' | 'ids' | 'url';

export interface MapPrototypeRun extends MapBenchRun {
  /** ms from the hand-over until MapLibre said the worker had the places (its 'sourcedata' event with content) */
  workerLoaded: number;
}

export interface MapPrototypeHooks {
  /** clusterMaxZoom: PlaceMap's is 13; fewer levels mean less indexing in the worker. */
  run(count: number, handOver: HandOver, clusterMaxZoom?: number): Promise<MapPrototypeRun>;
}

declare global {
  interface Window {
    __mapPrototype?: MapPrototypeHooks;
  }
}

setWorkerUrl('/assets/maplibre-gl-worker.mjs');
ensureStyle('maplibre-gl', mapCss);

const container = document.createElement('div');
container.className = 'place-map-canvas';
container.style.height = '720px';
document.getElementById('root')?.append(container);

const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };
const map = new MapLibreMap({
  container,
  style: baseStyle(false),
  center: { lng: 10, lat: 30 },
  zoom: 1,
  attributionControl: false,
  canvasContextAttributes: { preserveDrawingBuffer: true },
});
const counts = new ClusterCounts();
const onIdle: (() => void)[] = [];
map.on('idle', () => {
  counts.update(map);
  container.dataset.mapIdle = String(Number(container.dataset.mapIdle ?? '0') + 1);
  for (const listener of onIdle.splice(0)) listener();
});
map.on('load', () => {
  showPlaces(map, 'clustered', false, empty, 'none');
  container.dataset.mapLoaded = 'true';
});

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

window.__mapPrototype = {
  async run(count, handOver, clusterMaxZoom = 13) {
    const source = map.getSource(PLACES) as GeoJSONSource;
    // showPlaces made the source with PlaceMap's 13; anything else is set (and settled) before the clock starts.
    if (clusterMaxZoom !== 13) {
      await new Promise<void>((resolve) => {
        onIdle.push(resolve);
        void source.setClusterOptions({ cluster: true, clusterMaxZoom, clusterRadius: 48 });
      });
    }
    const features = placeFeatures(generatePlaces(count), true);
    if (handOver === 'ids') {
      for (const feature of features.features) {
        feature.properties = { id: feature.properties.id, label: '' };
        // Without a feature id MapLibre keeps no id → feature map for diff updates.
        delete feature.id;
      }
    }
    const url = handOver === 'url' ? URL.createObjectURL(new Blob([JSON.stringify(features)], { type: 'application/json' })) : '';
    const tasks: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
    observer.observe({ type: 'longtask' });
    let workerLoaded = Number.NaN;
    const onData = (event: MapSourceDataEvent) => {
      if (event.sourceId === PLACES && event.sourceDataType === 'content' && Number.isNaN(workerLoaded)) workerLoaded = performance.now();
    };
    map.on('sourcedata', onData);
    const start = performance.now();
    const end = await new Promise<number>((resolve) => {
      onIdle.push(() => resolve(performance.now()));
      source.setData(handOver === 'url' ? url : features);
    });
    map.off('sourcedata', onData);
    await nextFrame();
    tasks.push(...observer.takeRecords());
    observer.disconnect();
    if (url) URL.revokeObjectURL(url);
    return {
      ms: end - start,
      workerLoaded: workerLoaded - start,
      longTasks: tasks.filter((task) => task.startTime >= start - 1 && task.startTime <= end).map((task) => task.duration),
      clusters: document.querySelectorAll('.place-map-count').length,
    };
  },
};
