import { describe, expect, it, vi } from 'vitest';
import { createLoadingTracker } from './loading.js';

describe('loading tracker', () => {
  it('shows only after the delay, hides when the last request ends or on an error', async () => {
    vi.useFakeTimers();
    const reports: boolean[] = [];
    const tracker = createLoadingTracker((shown) => reports.push(shown), 300);
    let finish = () => {};
    const fetcher = tracker.wrap(() => new Promise<Response>((resolve) => (finish = () => resolve(new Response('')))));
    const quick = fetcher('a');
    vi.advanceTimersByTime(100);
    finish();
    await quick;
    expect(reports).toEqual([false]);
    const slow = fetcher('b');
    vi.advanceTimersByTime(301);
    expect(reports).toEqual([false, true]);
    tracker.hide();
    expect(reports).toEqual([false, true, false]);
    finish();
    await slow;
    vi.useRealTimers();
  });
});
