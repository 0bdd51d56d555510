import { useEffect } from 'react';

/**
 * Keeps what a page would export published for its commands (ready.ts of each page) while it is open:
 * published again only when it changes by value (compared as its text), not on every render, and forgotten
 * when the page goes or has nothing worked out yet (undefined).
 */
export function usePublished<T>(paneKey: string, value: T | undefined, publish: (paneKey: string, value: T) => void, forget: (paneKey: string) => void): void {
  const text = JSON.stringify(value ?? null);
  useEffect(() => {
    const current = JSON.parse(text) as T | null;
    if (current) publish(paneKey, current);
    else forget(paneKey);
  }, [paneKey, text, publish, forget]);
  useEffect(() => () => forget(paneKey), [paneKey, forget]);
}
