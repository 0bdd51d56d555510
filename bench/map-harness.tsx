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
import { generatePlaces } from './map-places.js';

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
