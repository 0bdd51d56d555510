import type { Page } from 'playwright-core';
import { DEFAULT_NAMESPACE } from '../../src/core/client-state.js';

/**
 * The client state as the store last wrote it to localStorage: a logged-in user's (by id) or the
 * anonymous visitor's. The store writes a short while after a change, so a test polls this for the
 * value it expects (expect.poll) instead of sleeping for the write delay.
 */
export function storedClientState(page: Page, userId: number | null = null): Promise<Record<string, unknown> | null> {
  const key = userId === null ? `${DEFAULT_NAMESPACE}.anonymous` : `${DEFAULT_NAMESPACE}.user.${userId}`;
  return page.evaluate((storageKey) => {
    const text = window.localStorage.getItem(storageKey);
    return text === null ? null : (JSON.parse(text) as Record<string, unknown>);
  }, key);
}
