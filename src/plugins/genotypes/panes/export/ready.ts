import type { GenotypeExportBody, Outcome } from './request.js';

/**
 * What each open genotype export page would export now, by pane key, and which pages are starting their
 * jobs. The page works it out (it has the maps, the marked items and the names' lookup) and publishes it;
 * the export command, which runs from a key, the palette or the page's button, reads it here.
 */

const outcomes = new Map<string, Outcome<GenotypeExportBody>>();
const starting = new Set<string>();
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

export function publishOutcome(paneKey: string, outcome: Outcome<GenotypeExportBody>): void {
  outcomes.set(paneKey, outcome);
}

export function forgetOutcome(paneKey: string): void {
  outcomes.delete(paneKey);
}

/** The page's current request or problem; undefined while the page has not worked it out (still loading). */
export function outcomeOf(paneKey: string): Outcome<GenotypeExportBody> | undefined {
  return outcomes.get(paneKey);
}

export function setStarting(paneKey: string, on: boolean): void {
  if (on) starting.add(paneKey);
  else starting.delete(paneKey);
  notify();
}

export const isStarting = (paneKey: string): boolean => starting.has(paneKey);

export function subscribeStarting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
