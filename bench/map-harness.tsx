/**
 * The page of the map benchmark (bench/map.ts bundles it with esbuild): the app's PlaceMap alone, clustered
 * and jittered as for germplasm, and a hook for the bench to hand it N generated places and time the map
 * until its next 'idle'. Not part of the app's build.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createTranslator } from '../src/core/i18n.js';
import { ServicesContext, type Services } from '../src/shell/pane-api.js';
import { PlaceMap, type MapPlace } from '../src/shell/widgets/map/PlaceMap.js';
import english from '../locales/en_GB.json';

/** What one timed hand-over measured, on the page's clock. */
export interface MapBenchRun {
  /** ms from handing the places to React until the map's next 'idle' handler ran */
  ms: number;
  /** main-thread long tasks (≥ 50 ms) that started within that span: their durations in ms */
  longTasks: number[];
  /** cluster counts drawn after that idle: 0 would mean the idle was not the one with the places */
  clusters: number;
}

export interface MapBenchHooks {
  /** Generates `count` places (not timed), hands them to the map and resolves at its next idle. */
  run(count: number): Promise<MapBenchRun>;
}

declare global {
  interface Window {
    __mapBench?: MapBenchHooks;
  }
}

/** mulberry32: the same places on every page and round, so rounds differ only by timing. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SITES = 300;
const SCATTER = 0.1;

/**
 * Germplasm as a genebank holds them: most collected around a few hundred sites (a few sites hold many
 * accessions, as in real collections), spread a few km to tens of km around each, the rest scattered.
 */
export function generatePlaces(count: number): MapPlace[] {
  const next = random(16);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const sites = Array.from({ length: SITES }, (_, i) => ({
    latitude: -40 + next() * 100,
    longitude: -120 + next() * 270,
    spread: 0.05 + next() * 0.6,
    // Zipf-like weights: site i holds about 1/(i+1) of the clustered share.
    weight: 1 / (i + 1),
  }));
  const total = sites.reduce((sum, site) => sum + site.weight, 0);
  const places: MapPlace[] = [];
  for (let id = 1; id <= count; id++) {
    let latitude: number;
    let longitude: number;
    if (next() < SCATTER) {
      latitude = -55 + next() * 125;
      longitude = -180 + next() * 360;
    } else {
      let pick = next() * total;
      let site = sites[0];
      for (const candidate of sites) {
        site = candidate;
        pick -= candidate.weight;
        if (pick <= 0) break;
      }
      latitude = Math.max(-85, Math.min(85, site.latitude + gauss() * site.spread));
      longitude = Math.max(-180, Math.min(180, site.longitude + gauss() * site.spread));
    }
    places.push({ id, latitude, longitude, label: `BENCH-${String(id).padStart(6, '0')}` });
  }
  return places;
}

const translator = createTranslator('en_GB', english);
// PlaceMap reads only `t` from the services; the rest of the shell is not on this page.
const services = { t: translator.t, translator } as Partial<Services> as Services;

function Harness(props: { expose(show: (places: readonly MapPlace[]) => void): void }) {
  const [places, setPlaces] = useState<readonly MapPlace[]>([]);
  const { expose } = props;
  useEffect(() => expose(setPlaces), [expose]);
  return (
    <PlaceMap paneKey="bench" paneType="bench-map" places={places} mode="clustered" label="Benchmark places" jitter height={720} />
  );
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function exposeHooks(show: (places: readonly MapPlace[]) => void): void {
  window.__mapBench = {
    async run(count) {
      const canvas = document.querySelector<HTMLElement>('.place-map-canvas');
      if (!canvas) throw new Error('no map on the page');
      const places = generatePlaces(count);
      const tasks: PerformanceEntry[] = [];
      const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
      observer.observe({ type: 'longtask' });
      const idleBefore = Number(canvas.dataset.mapIdle ?? '0');
      const start = performance.now();
      const end = await new Promise<number>((resolve) => {
        // The idle handler sets the attribute; this runs in the microtask right after it.
        const watch = new MutationObserver(() => {
          if (Number(canvas.dataset.mapIdle ?? '0') <= idleBefore) return;
          watch.disconnect();
          resolve(performance.now());
        });
        watch.observe(canvas, { attributes: true, attributeFilter: ['data-map-idle'] });
        show(places);
      });
      // The task holding the idle handler ends after this point: its long-task entry comes a frame later.
      await nextFrame();
      tasks.push(...observer.takeRecords());
      observer.disconnect();
      return {
        ms: end - start,
        longTasks: tasks.filter((task) => task.startTime >= start - 1 && task.startTime <= end).map((task) => task.duration),
        clusters: canvas.querySelectorAll('.place-map-count').length,
      };
    },
  };
}

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
// No StrictMode, as in the app (src/shell/main.tsx).
createRoot(root).render(
  <ServicesContext.Provider value={services}>
    <Harness expose={exposeHooks} />
  </ServicesContext.Provider>,
);
