import type { Outcome } from '../export/request.js';
import type { FrequencySubsetBody } from './request.js';

/**
 * What each open allele-frequency export page selects now, by pane key, and which pages are starting their
 * export. The page works the subset out (it has the maps, the marked items and the names' lookup) and
 * publishes it; the commands (continue, export), run from a key, the palette or a button, read it here. The
 * binning needs no publishing: it is in the pane's state, which the commands read themselves.
 */

const subsets = new Map<string, Outcome<FrequencySubsetBody>>();
const starting = new Set<string>();
const listeners = new Set<() => void>();

export const pageSubset = {
  publish(paneKey: string, outcome: Outcome<FrequencySubsetBody>): void {
    subsets.set(paneKey, outcome);
  },
  forget(paneKey: string): void {
    subsets.delete(paneKey);
  },
  /** undefined while the page is still loading what the subset needs. */
  of(paneKey: string): Outcome<FrequencySubsetBody> | undefined {
    return subsets.get(paneKey);
  },
};

export const exportStarting = {
  set(paneKey: string, on: boolean): void {
    if (on) starting.add(paneKey);
    else starting.delete(paneKey);
    for (const listener of listeners) listener();
  },
  has: (paneKey: string): boolean => starting.has(paneKey),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
