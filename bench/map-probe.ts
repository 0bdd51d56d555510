/**
 * What the map benchmark's page (bench/map-harness.tsx) watches to know that the map has settled on the
 * server's answer: the places requests (sent through a wrapped api.post), the views PlaceMap reports, what
 * React handed to PlaceMap, and the map's idle events. Not part of the app's build.
 */
import type { MapBounds, MapCluster, MapPlace, MapPlaces } from '../src/core/map-places.js';
import { cellAligned, type MapView } from '../src/shell/widgets/map/use-server-places.js';

/** What the hook handed to PlaceMap in one commit. */
export interface Shown {
  places: readonly MapPlace[];
  clusters: readonly MapCluster[];
  bounds: MapBounds | null;
}

interface CellsRequest {
  view: MapView;
  answer: MapPlaces | null;
}

const sameView = (a: MapView, b: MapView) => a.west === b.west && a.south === b.south && a.east === b.east && a.north === b.north && a.zoom === b.zoom;
/** SWR keeps the earlier object when a new answer is deep-equal to it, so equal content counts as shown. */
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

export class SettleProbe {
  inFlight = 0;
  requests = 0;
  private cells: CellsRequest | null = null;
  private boundsAnswer: MapBounds | null | undefined = undefined;
  private view: MapView | null = null;
  private shown: Shown = { places: [], clusters: [], bounds: null };
  /** performance.now() of the last change the map must still draw: a commit to PlaceMap, or a move. */
  private changedAt = 0;
  private idleAt = 0;
  private done: ((at: number) => void) | null = null;
  /** What happened when, on the page's clock: the run's timeline for the bench's report. */
  readonly events: { at: number; what: string }[] = [];

  private note(what: string): void {
    if (this.done) this.events.push({ at: performance.now(), what });
  }

  /** Resolves at the first moment every rule of `settled` holds. */
  settle(): Promise<number> {
    return new Promise((resolve) => (this.done = resolve));
  }

  /** Wraps one places request; the bounds request (world view, bounds: true) is told apart by its flag. */
  async request(body: Record<string, unknown>, send: () => Promise<MapPlaces>): Promise<MapPlaces> {
    const isBounds = body.bounds === true;
    const cells: CellsRequest | null = isBounds ? null : { view: { west: Number(body.west), south: Number(body.south), east: Number(body.east), north: Number(body.north), zoom: Number(body.zoom) }, answer: null };
    if (cells) this.cells = cells;
    this.note(isBounds ? 'ask bounds' : `ask z${cells?.view.zoom}`);
    this.inFlight += 1;
    this.requests += 1;
    try {
      const answer = await send();
      if (isBounds) this.boundsAnswer = answer.bounds;
      else if (cells) cells.answer = answer;
      this.note(isBounds ? 'bounds' : `z${answer.zoom}: ${answer.places.length}+${answer.clusters.length}`);
      return answer;
    } finally {
      this.inFlight -= 1;
      this.check();
    }
  }

  /** PlaceMap reported its view (on load and after every move). */
  viewed(view: MapView): void {
    this.view = view;
    this.changedAt = performance.now();
    this.note(`view z${view.zoom}`);
  }

  /** React committed these to PlaceMap (called from the parent's effect, after PlaceMap's own effects). */
  committed(shown: Shown): void {
    const changed = shown.places !== this.shown.places || shown.clusters !== this.shown.clusters || shown.bounds !== this.shown.bounds;
    this.shown = shown;
    if (changed) {
      this.changedAt = performance.now();
      this.note('drawn');
    }
    this.check();
  }

  /** The map's 'idle' handler ran. */
  idled(): void {
    this.idleAt = performance.now();
    this.note('idle');
    this.check();
  }

  /**
   * Settled: no places request in flight; the last view PlaceMap reported is the one last asked for (else the
   * hook is about to ask); the answers to it and to the bounds request are what PlaceMap was given; and the
   * map has been idle since it was given them and since it last moved.
   */
  settled(): boolean {
    const cells = this.cells;
    if (this.inFlight > 0 || !cells?.answer || this.boundsAnswer === undefined || !this.view) return false;
    if (!sameView(cellAligned(this.view), cells.view)) return false;
    if (!same(this.shown.places, cells.answer.places) || !same(this.shown.clusters, cells.answer.clusters) || !same(this.shown.bounds, this.boundsAnswer)) return false;
    return this.idleAt > this.changedAt;
  }

  private check(): void {
    if (!this.done || !this.settled()) return;
    const done = this.done;
    this.done = null;
    done(performance.now());
  }

  /** The answer to the last view asked for. */
  final(): MapPlaces | null {
    return this.cells?.answer ?? null;
  }

  /** For an error message when the map never settles. */
  describe(): string {
    return JSON.stringify({
      inFlight: this.inFlight,
      requests: this.requests,
      asked: this.cells?.view ?? null,
      answered: this.cells?.answer !== null,
      bounds: this.boundsAnswer,
      view: this.view && cellAligned(this.view),
      shown: { places: this.shown.places.length, clusters: this.shown.clusters.length },
      idleAfterChange: this.idleAt > this.changedAt,
    });
  }
}
