import type { CDPSession, Page } from 'playwright-core';

/** One response as it crossed the wire, from Chromium's own network log (DevTools protocol). */
export interface Transfer {
  url: string;
  /** Document, Script, Stylesheet, Fetch, XHR, Font, Image, … (the DevTools resource type) */
  type: string;
  /** content-encoding of the response ('' when sent as is) */
  encoding: string;
  /** bytes received for it: status line, headers and the body as sent (compressed when it was) */
  transferred: number;
  /** when the last byte arrived, in ms on the page's clock (performance.now(): 0 is navigation start) */
  finishedAt: number;
  /** answered from the browser's cache: nothing crossed the wire */
  fromCache: boolean;
}

export interface TransferLog {
  /** Every finished response so far, in the order they finished. */
  transfers(): Promise<Transfer[]>;
  stop(): Promise<void>;
}

interface Pending {
  url: string;
  type: string;
  encoding: string;
  fromCache: boolean;
}

/** The number of bytes JS and CSS files took, and every response together, up to a moment. */
export function sumTransfers(transfers: Transfer[], until: number | null = null): { code: number; all: number; codeFiles: Transfer[] } {
  const counted = transfers.filter((t) => !t.fromCache && (until === null || t.finishedAt <= until));
  const codeFiles = counted.filter(isCode);
  return { code: codeFiles.reduce((sum, t) => sum + t.transferred, 0), all: counted.reduce((sum, t) => sum + t.transferred, 0), codeFiles };
}

export function isCode(transfer: Transfer): boolean {
  return transfer.type === 'Script' || transfer.type === 'Stylesheet' || /\.(m?js|css)$/.test(new URL(transfer.url).pathname);
}

/**
 * Starts recording before the page navigates. Sizes are Chromium's `encodedDataLength` at
 * `Network.loadingFinished` (what DevTools shows as "transferred"), not file sizes: they include the
 * headers and show whether the server compressed. Resource Timing's transferSize cannot stand in: browsers
 * report the body plus a fixed 300 bytes there, to hide header sizes from pages.
 */
export async function recordTransfers(page: Page): Promise<TransferLog> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const pending = new Map<string, Pending>();
  const finished: { request: Pending; transferred: number; monotonic: number }[] = [];
  // DevTools timestamps are monotonic seconds; each request also carries the wall time it started, which
  // ties the two clocks (the page's performance.timeOrigin is wall time).
  let wallMinusMonotonic: number | null = null;

  cdp.on('Network.requestWillBeSent', (event) => {
    wallMinusMonotonic ??= event.wallTime - event.timestamp;
    pending.set(event.requestId, { url: event.request.url, type: event.type ?? 'Other', encoding: '', fromCache: false });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = pending.get(event.requestId);
    if (!request) return;
    request.type = event.type;
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
    request.encoding = headers['content-encoding'] ?? '';
    request.fromCache = Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache || event.response.fromServiceWorker);
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const request = pending.get(event.requestId);
    if (request) request.fromCache = true;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = pending.get(event.requestId);
    if (!request) return;
    pending.delete(event.requestId);
    finished.push({ request, transferred: event.encodedDataLength, monotonic: event.timestamp });
  });
  cdp.on('Network.loadingFailed', (event) => pending.delete(event.requestId));

  return {
    async transfers() {
      const timeOrigin = await page.evaluate(() => performance.timeOrigin);
      const offset = wallMinusMonotonic ?? 0;
      return finished.map(({ request, transferred, monotonic }) => ({
        ...request,
        transferred,
        finishedAt: (monotonic + offset) * 1000 - timeOrigin,
      }));
    },
    async stop() {
      await cdp.detach().catch(() => undefined);
    },
  };
}
