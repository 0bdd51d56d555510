import { createHash } from 'node:crypto';

/** How long a resolved axis serves further windows: scrolling asks again and again for the same selection. */
const TTL_MS = 30_000;
const ENTRIES = 8;

/**
 * Resolved axes (which matrix rows and columns a selection shows, in which order) by a hash of everything
 * they depend on: the file's version, the dataset, the chosen ids, the map and the row order. Resolving
 * reads every member of the dataset (10^5 markers with a map), so one scroll must not repeat it for each
 * window. Entries live TTL_MS at most: a membership or map edited meanwhile shows after that. Permissions and
 * the licence gate are checked on every request before an entry is used.
 */
export class AxisCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(private readonly now: () => number = Date.now) {}

  static key(parts: unknown): string {
    return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
  }

  get(key: string, resolve: () => Promise<T>): Promise<T> {
    const now = this.now();
    const kept = this.entries.get(key);
    this.entries.delete(key);
    if (kept && now - kept.at < TTL_MS) {
      this.entries.set(key, kept);
      return kept.value;
    }
    const value = resolve();
    const entry = { at: now, value };
    this.entries.set(key, entry);
    // A failed resolution is not kept.
    value.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    for (const oldKey of this.entries.keys()) {
      if (this.entries.size <= ENTRIES) break;
      this.entries.delete(oldKey);
    }
    return value;
  }
}
