/**
 * The page of the map benchmark (bench/map.ts bundles it with esbuild): the app's PlaceMap, clustered and
 * jittered as for germplasm, fed by useServerPlaces from the app's server (POST germplasm/table/places,
 * through the api client on this page's origin), and a hook for the bench to hand it the table's path and
 * time the map until it has settled on the answers. Not part of the app's build.
 */
import { useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient, type ApiClient, type CallOptions } from '../src/core/api-client.js';
import { createClientState } from '../src/core/client-state.js';
import { createTranslator } from '../src/core/i18n.js';
import type { MapPlaces } from '../src/core/map-places.js';
import type { ClientSettings } from '../src/core/services.js';
import { createSession } from '../src/core/session.js';
import type { Filter } from '../src/core/table-request.js';
import { ServicesContext, type Services } from '../src/shell/pane-api.js';
import { PlaceMap } from '../src/shell/widgets/map/PlaceMap.js';
import { useServerPlaces, type MapView } from '../src/shell/widgets/map/use-server-places.js';
import english from '../locales/en_GB.json';
import { SettleProbe } from './map-probe.js';

/** The table whose rows the map shows, as the germplasm pane asks for them. */
const PATH = 'germplasm/table/places';
const NO_FILTERS: readonly Filter[] = [];
const SETTLE_TIMEOUT_MS = 60_000;

/** What one timed hand-over measured, on the page's clock. */
export interface MapBenchRun {
  /** ms from handing the path to React until the map had settled on the answers (SettleProbe) */
  ms: number;
  /** places requests sent in that span (the bounds and one per view asked for) */
  requests: number;
  /** ms covered by the places requests as the page saw them (Resource Timing: start to last byte) */
  requestMs: number;
  /** main-thread long tasks (≥ 50 ms) that started within the span: their durations in ms */
  longTasks: number[];
  /** what the server answered for the final view: matching places in it, and places and clusters sent */
  inView: number;
  places: number;
  clusters: number;
  /** cluster counts drawn on the map at the end (.place-map-count) */
  labels: number;
  /** what happened when (ms from the hand-over): requests asked and answered, views, commits, idles, long tasks */
  timeline: string;
}

export interface MapBenchHooks {
  /** Hands the map the table's path and resolves once it has settled on the server's answers. */
  run(): Promise<MapBenchRun>;
}

declare global {
  interface Window {
    __mapBench?: MapBenchHooks;
  }
}

const probe = new SettleProbe();
const errors: string[] = [];
const translator = createTranslator('en_GB', english);
const api: ApiClient = createApiClient({
  session: createSession({ now: Date.now }),
  authMode: () => 'SELECTIVE',
  onNavigate: (path) => errors.push(`the client navigated to ${path}`),
  onToast: (toast) => errors.push(`toast: ${toast.messageKey ?? toast.titleKey}`),
  baseUrl: '/api/',
});
// The places requests go through the probe, which keeps what was asked and answered; everything else as is.
const send = api.post as (path: string, options?: CallOptions) => Promise<unknown>;
const post = ((path: string, options?: CallOptions) =>
  path === PATH ? probe.request((options?.body ?? {}) as Record<string, unknown>, () => send(path, options) as Promise<MapPlaces>) : send(path, options)) as ApiClient['post'];
// What the map and the hook read of the services: texts, the api, the client state (the user's map layer)
// and the public settings (a tile server: none, so the offline map); the rest of the shell is not on this page.
const settings: ClientSettings = { authMode: 'SELECTIVE', hiddenPages: [], hiddenColumns: {}, colorsCharts: [] };
const store = createClientState({ storage: window.localStorage, gdprEnabled: () => false });
const services = { t: translator.t, translator, api: { ...api, post }, store, settings } as Partial<Services> as Services;

function Harness(props: { expose(show: () => void): void }) {
  const [path, setPath] = useState<string | null>(null);
  const { expose } = props;
  useEffect(() => expose(() => setPath(PATH)), [expose]);
  const server = useServerPlaces(path, NO_FILTERS);
  const serverOnView = server.onView;
  const onView = useCallback(
    (view: MapView) => {
      probe.viewed(view);
      serverOnView(view);
    },
    [serverOnView],
  );
  // The parent's effects run after PlaceMap's: by now PlaceMap has handed these to the map.
  useEffect(() => probe.committed({ places: server.places, clusters: server.clusters, bounds: server.bounds }), [server.places, server.clusters, server.bounds]);
  return (
    <PlaceMap
      paneKey="bench"
      paneType="bench-map"
      places={server.places}
      clusters={server.clusters}
      bounds={server.bounds}
      onView={onView}
      mode="clustered"
      label="Benchmark places"
      jitter
      height={720}
    />
  );
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** The time covered by at least one of the entries (overlaps counted once). */
function covered(entries: readonly PerformanceResourceTiming[]): number {
  let total = 0;
  let until = -Infinity;
  for (const entry of [...entries].sort((a, b) => a.startTime - b.startTime)) {
    if (entry.responseEnd <= until) continue;
    total += entry.responseEnd - Math.max(entry.startTime, until);
    until = entry.responseEnd;
  }
  return total;
}

function exposeHooks(show: () => void): void {
  window.__mapBench = {
    async run() {
      const canvas = document.querySelector<HTMLElement>('.place-map-canvas');
      if (!canvas) throw new Error('no map on the page');
      const tasks: PerformanceEntry[] = [];
      const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
      observer.observe({ type: 'longtask' });
      // The idle handler sets the attribute; this runs in the microtask right after it.
      const watch = new MutationObserver(() => probe.idled());
      watch.observe(canvas, { attributes: true, attributeFilter: ['data-map-idle'] });
      const settled = probe.settle();
      const start = performance.now();
      show();
      let timer = 0;
      const timeout = new Promise<never>((_, reject) => {
        timer = window.setTimeout(() => reject(new Error(`the map did not settle in ${SETTLE_TIMEOUT_MS} ms: ${probe.describe()}`)), SETTLE_TIMEOUT_MS);
      });
      const end = await Promise.race([settled, timeout]).finally(() => {
        window.clearTimeout(timer);
        watch.disconnect();
      });
      if (errors.length) throw new Error(errors.join('; '));
      // The task holding the idle handler ends after this point: its long-task entry comes a frame later.
      await nextFrame();
      tasks.push(...observer.takeRecords());
      observer.disconnect();
      const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.name.endsWith(`/${PATH}`) && entry.startTime >= start);
      const final = probe.final();
      const inSpan = tasks.filter((task) => task.startTime >= start - 1 && task.startTime <= end);
      return {
        ms: end - start,
        requests: probe.requests,
        requestMs: covered(requests),
        longTasks: inSpan.map((task) => task.duration),
        inView: final?.inView ?? 0,
        places: final?.places.length ?? 0,
        clusters: final?.clusters.length ?? 0,
        labels: canvas.querySelectorAll('.place-map-count').length,
        timeline: [...probe.events, ...inSpan.map((task) => ({ at: task.startTime, what: `long task ${task.duration.toFixed(0)} ms` }))]
          .sort((a, b) => a.at - b.at)
          .map((event) => `${event.what} @${(event.at - start).toFixed(0)}`)
          .join(', '),
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
