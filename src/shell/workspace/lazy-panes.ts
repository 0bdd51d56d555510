import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PaneTypeSpec } from '../../core/contracts.js';
import type { PaneModule, PaneProps } from '../pane-api.js';

/** A pane chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

const cache = new Map<string, LazyExoticComponent<ComponentType<PaneProps>>>();

function isPaneModule(value: unknown): value is PaneModule {
  return typeof value === 'object' && value !== null && typeof (value as { default?: unknown }).default === 'function';
}

async function loadWithTimeout(spec: PaneTypeSpec): Promise<PaneModule> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Pane '${spec.id}' did not load in time`)), CHUNK_TIMEOUT_MS);
  });
  try {
    const loaded = await Promise.race([spec.load(), timeout]);
    if (!isPaneModule(loaded)) throw new Error(`Pane '${spec.id}' has no default component`);
    return loaded;
  } finally {
    clearTimeout(timer);
  }
}

/** One lazy component per pane type, kept so re-renders do not reload the chunk. */
export function lazyPane(spec: PaneTypeSpec): LazyExoticComponent<ComponentType<PaneProps>> {
  let component = cache.get(spec.id);
  if (!component) {
    component = lazy(() => loadWithTimeout(spec));
    cache.set(spec.id, component);
  }
  return component;
}

/** After a failed load, the next try must call load() again rather than replay the rejection. */
export function forgetPane(typeId: string): void {
  cache.delete(typeId);
}
