import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, filenameFromDisposition, type ApiClientOptions, type SettledOutcome } from './api-client.js';
import { KNOWN_REASON_PHRASES, SPEC_ERROR_STATUSES, type Toast } from './errors.js';
import type { AuthMode } from './roles.js';
import { createSession } from './session.js';

const LIFETIME = 1_000_000;
const TOKEN = 'secret-token-1';

interface Sent {
  url: string;
  init: RequestInit;
  headers: Headers;
}

type Responder = (url: string, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown, statusText?: string) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

function harness(respond: Responder = () => json(200, { ok: true }), extra: Partial<ApiClientOptions> & { mode?: AuthMode } = {}) {
  let time = 10_000_000;
  let mode: AuthMode = extra.mode ?? 'FULL';
  let locale: string | null = null;
  const sent: Sent[] = [];
  const toasts: Toast[] = [];
  const navigations: [string, string | undefined][] = [];
  const settled: SettledOutcome[] = [];
  const session = createSession({ now: () => time });
  const fakeFetch: typeof fetch = async (input, init = {}) => {
    const url = String(input);
    sent.push({ url, init, headers: new Headers(init.headers) });
    return respond(url, init);
  };
  const client = createApiClient({
    session,
    fetch: fakeFetch,
    authMode: () => mode,
    onNavigate: (path, remember) => navigations.push([path, remember]),
    onToast: (toast) => toasts.push(toast),
    onSettled: (outcome) => settled.push(outcome),
    now: () => time,
    locale: () => locale,
    currentPath: () => '/data/germplasm',
    ...extra,
  });
  return {
    client,
    session,
    sent,
    toasts,
    navigations,
    settled,
    signIn: () => session.signIn({ token: TOKEN, imageToken: 'img', id: 3, username: 'jdoe', userType: 'Regular User', lifetime: LIFETIME, createdOn: 0 }),
    advance: (ms: number) => (time += ms),
    now: () => time,
    setMode: (next: AuthMode) => (mode = next),
    setLocale: (next: string | null) => (locale = next),
  };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the error catalogue through the client', () => {
  describe.each(['FULL', 'SELECTIVE', 'NONE'] as const)('under %s', (mode) => {
    it.each(SPEC_ERROR_STATUSES)('status %i: toast, session and navigation', async (status) => {
      const h = harness(() => json(status, { statusCode: status, error: 'x' }), { mode });
      h.signIn();
      const error = await rejection(h.client.get('germplasm/1'));
      expect(error).toMatchObject({ kind: 'http', status, reasonPhrase: null, method: 'GET', path: 'germplasm/1' });
      expect(h.toasts).toEqual([{ titleKey: 'error.title', messageKey: `error.status.${status}`, variant: 'danger', autoHideMs: 5000, append: true }]);
      const endsSession = status === 401 || status === 403;
      expect(h.session.current() === null).toBe(endsSession);
      expect(h.navigations).toEqual(endsSession && mode !== 'NONE' ? [['/login', '/data/germplasm']] : []);
      expect(h.settled).toEqual([{ ok: false, error }]);
    });
  });

  it('ends the session on 401 even for an anonymous caller, and goes to login', async () => {
    const h = harness(() => json(401, {}));
    await rejection(h.client.post('germplasm/table', { body: {} }));
    expect(h.navigations).toEqual([['/login', '/data/germplasm']]);
  });

  it('does not remember the login page itself as the target', async () => {
    const h = harness(() => json(403, {}), { currentPath: () => '/login' });
    await rejection(h.client.get('x'));
    expect(h.navigations).toEqual([['/login', undefined]]);
  });

  it('gives other statuses the generic message', async () => {
    const h = harness(() => new Response('too big', { status: 413 }));
    const error = await rejection(h.client.post('image/upload', { body: {} }));
    expect(error.message).toBe('too big');
    expect(h.toasts[0]).toMatchObject({ messageKey: 'error.status.unknown', values: { status: '413' } });
  });

  it.each(KNOWN_REASON_PHRASES)('shows reason phrase %s from the JSON body', async (phrase) => {
    const h = harness(() => json(400, { statusCode: 400, error: 'Bad Request', reasonPhrase: phrase, message: 'detail' }));
    const error = await rejection(h.client.post('x', { body: {} }));
    expect(error).toMatchObject({ reasonPhrase: phrase, message: 'detail', body: { reasonPhrase: phrase } });
    expect(h.toasts.map((t) => t.messageKey)).toEqual([`reasonPhrase.${phrase}`]);
  });

  it('reads a known reason phrase from the status line when there is no JSON body (Germinate)', async () => {
    const h = harness(() => new Response(null, { status: 403, statusText: 'FORBIDDEN_INVALID_CREDENTIALS' }));
    const error = await rejection(h.client.post('token', { body: {} }));
    expect(error.reasonPhrase).toBe('FORBIDDEN_INVALID_CREDENTIALS');
    expect(h.toasts.map((t) => t.messageKey)).toEqual(['reasonPhrase.FORBIDDEN_INVALID_CREDENTIALS']);
  });

  it('falls back to the status for an unknown reason phrase or a plain status text', async () => {
    const h = harness(() => json(409, { reasonPhrase: 'SOMETHING_NEW' }, 'Conflict'));
    const error = await rejection(h.client.put('comment', { body: {} }));
    expect(error.reasonPhrase).toBe('SOMETHING_NEW');
    expect(h.toasts.map((t) => t.messageKey)).toEqual(['error.status.409']);
  });
});

describe('caller handlers', () => {
  it('503 on settings goes to the handler: no toast, the call still rejects', async () => {
    const h = harness(() => json(503, { statusCode: 503, error: 'Service Unavailable' }));
    const callback = vi.fn();
    const error = await rejection(h.client.get('settings', { handlers: [{ codes: [503], callback }] }));
    expect(callback).toHaveBeenCalledWith(error);
    expect(error.status).toBe(503);
    expect(h.toasts).toEqual([]);
    expect(h.settled).toEqual([{ ok: false, error }]);
  });

  it('only for the listed codes; an empty list takes every HTTP error', async () => {
    const h = harness(() => json(500, {}));
    const other = vi.fn();
    await rejection(h.client.get('settings', { handlers: [{ codes: [503], callback: other }] }));
    expect(other).not.toHaveBeenCalled();
    expect(h.toasts.map((t) => t.messageKey)).toEqual(['error.status.500']);
    const all = vi.fn();
    await rejection(h.client.get('settings', { handlers: [{ codes: [], callback: all }] }));
    expect(all).toHaveBeenCalledOnce();
    expect(h.toasts).toHaveLength(1);
  });

  it('a handled 401 leaves the session and the route alone', async () => {
    const h = harness(() => json(401, {}));
    h.signIn();
    await rejection(h.client.get('x', { handlers: [{ codes: [401], callback: () => undefined }] }));
    expect(h.session.validToken()).toBe(TOKEN);
    expect(h.navigations).toEqual([]);
  });
});

describe('failures without a response', () => {
  const slow: Responder = (_url, init) =>
    new Promise((_resolve, reject) => {
      // like fetch: an already aborted signal rejects at once
      if (init.signal?.aborted) reject(new DOMException('aborted', 'AbortError'));
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it('times out with the timeout toast', async () => {
    const h = harness(slow, { timeoutMs: 20 });
    const started = performance.now();
    const error = await rejection(h.client.get('stats/overview'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error).toMatchObject({ kind: 'timeout', status: null });
    expect(h.toasts.map((t) => t.messageKey)).toEqual(['error.timeout']);
    expect(h.settled).toEqual([{ ok: false, error }]);
  });

  it('a caller abort rejects quietly', async () => {
    const h = harness(slow, { timeoutMs: 5000 });
    const controller = new AbortController();
    const pending = h.client.get('stats/overview', { signal: controller.signal });
    controller.abort();
    expect(await rejection(pending)).toMatchObject({ kind: 'aborted' });
    const already = await rejection(h.client.get('x', { signal: AbortSignal.abort() }));
    expect(already.kind).toBe('aborted');
    expect(h.toasts).toEqual([]);
    expect(h.settled.map((s) => s.ok)).toEqual([false, false]);
  });

  it('an unreachable server gives the server-unavailable toast', async () => {
    const h = harness(() => Promise.reject(new TypeError('fetch failed')));
    h.signIn();
    const error = await rejection(h.client.get('settings'));
    expect(error).toMatchObject({ kind: 'network', status: null, message: 'fetch failed' });
    expect(h.toasts.map((t) => t.messageKey)).toEqual(['error.serverUnavailable']);
    expect(h.session.validToken()).toBe(TOKEN);
  });

  it('an answer that is not JSON is an error', async () => {
    const h = harness(() => new Response('<html>proxy</html>', { status: 200 }));
    expect(await rejection(h.client.get('settings'))).toMatchObject({ kind: 'invalid-response', status: 200 });
    expect(h.toasts.map((t) => t.messageKey)).toEqual(['error.unknown']);
  });
});

describe('requests', () => {
  it('go to the relative base path with cookies, JSON and a query', async () => {
    const h = harness();
    h.setLocale('de_DE');
    await h.client.post('/germplasm/table', { body: { a: 1 }, query: { type: 'mcpd', update: false, ids: [1, 2], skip: undefined, none: null } });
    const [request] = h.sent;
    expect(request.url).toBe('./api/germplasm/table?type=mcpd&update=false&ids=1&ids=2');
    expect(request.init.method).toBe('POST');
    expect(request.init.credentials).toBe('include');
    expect(request.init.body).toBe('{"a":1}');
    expect(request.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(request.headers.get('accept-language')).toBe('de_DE');
    expect(request.headers.has('authorization')).toBe(false);
  });

  it('send no Accept-Language before a locale is known, and uploads as they are', async () => {
    const h = harness(() => json(200, ['uuid']), { baseUrl: 'https://example.org/germinate/api' });
    const form = new FormData();
    form.set('file', new Blob(['x']), 'a.txt');
    await h.client.post('import/template/file', { body: form });
    expect(h.sent[0].url).toBe('https://example.org/germinate/api/import/template/file');
    expect(h.sent[0].init.body).toBe(form);
    expect(h.sent[0].headers.has('content-type')).toBe(false);
    expect(h.sent[0].headers.has('accept-language')).toBe(false);
  });

  it('carry the Bearer token only while the session is valid', async () => {
    const h = harness();
    await h.client.get('settings');
    h.signIn();
    await h.client.get('settings');
    expect(h.sent.map((s) => s.headers.get('authorization'))).toEqual([null, `Bearer ${TOKEN}`]);
    expect(h.sent.every((s) => !s.url.includes(TOKEN))).toBe(true);
  });

  it('end an expired session before the call, which then goes out anonymous', async () => {
    const h = harness(() => json(200, {}), { mode: 'SELECTIVE' });
    h.signIn();
    const cleared = vi.fn();
    h.session.onClear(cleared);
    h.advance(LIFETIME + 1);
    await h.client.get('germplasm/1');
    expect(h.sent[0].headers.has('authorization')).toBe(false);
    expect(h.session.current()).toBeNull();
    expect(cleared).toHaveBeenCalledOnce();
    expect(h.navigations).toEqual([['/login', '/data/germplasm']]);
  });

  it('slide the session after each successful call with the token', async () => {
    let status = 200;
    const h = harness(() => json(status, {}));
    h.signIn();
    const start = h.session.current()?.createdOn ?? 0;
    h.advance(LIFETIME - 10);
    await h.client.get('a');
    expect(h.session.current()?.createdOn).toBe(start + LIFETIME - 10);
    h.advance(LIFETIME - 10);
    await h.client.get('b');
    expect(h.session.isValid()).toBe(true);
    status = 500;
    const before = h.session.current()?.createdOn;
    h.advance(100);
    await rejection(h.client.get('c'));
    expect(h.session.current()?.createdOn).toBe(before);
    expect(h.settled.map((s) => s.ok)).toEqual([true, true, false]);
  });

  it('a late 401 for an earlier token does not log out the current user', async () => {
    let release: (response: Response) => void = () => undefined;
    const h = harness(() => new Promise<Response>((resolve) => (release = resolve)));
    h.signIn();
    const pending = h.client.get('x');
    h.session.clear();
    h.session.signIn({ token: 'other', imageToken: 'i', id: 4, username: 'b', userType: 'Administrator', lifetime: LIFETIME, createdOn: 0 });
    release(json(401, {}));
    await rejection(pending);
    expect(h.session.validToken()).toBe('other');
    expect(h.navigations).toEqual([]);
  });

  it('never put the token into an error', async () => {
    const h = harness(() => json(500, { statusCode: 500, error: 'x', message: 'boom' }));
    h.signIn();
    const error = await rejection(h.client.get('x'));
    expect(JSON.stringify({ ...error, message: error.message, stack: error.stack })).not.toContain(TOKEN);
  });
});

describe('tables', () => {
  it('send page − 1 without changing the caller’s request', async () => {
    const h = harness(() => json(200, { data: [{ id: 1 }], count: 1 }));
    const request = { page: 3, limit: 10, prevCount: -1, orderBy: 'germplasmName', ascending: 1, datasetIds: [5] };
    const result = await h.client.table<{ id: number }>('germplasm/table', request);
    expect(result).toEqual({ data: [{ id: 1 }], count: 1 });
    expect(JSON.parse(String(h.sent[0].init.body))).toEqual({ ...request, page: 2 });
    expect(request.page).toBe(3);
    await h.client.table('germplasm/table', { limit: 10 });
    expect(JSON.parse(String(h.sent[1].init.body))).toEqual({ limit: 10, page: 0 });
  });

  it('refuse a page below 1', async () => {
    const h = harness();
    expect(() => h.client.table('germplasm/table', { page: 0 })).toThrow(RangeError);
    expect(() => h.client.table('germplasm/table', { page: 1.5 })).toThrow(RangeError);
    expect(h.sent).toEqual([]);
  });

  it('ask for ids without sorting', async () => {
    const h = harness(() => json(200, { data: [4, 5], count: 2 }));
    const ids = await h.client.tableIds('germplasm/table/ids', { page: 2, limit: 10, orderBy: 'x', ascending: 0, filter: [] });
    expect(ids).toEqual({ data: [4, 5], count: 2 });
    expect(h.sent[0].url).toBe('./api/germplasm/table/ids');
    expect(JSON.parse(String(h.sent[0].init.body))).toEqual({ page: 1, limit: 10, filter: [] });
  });

  it('export as a named file', async () => {
    const h = harness(
      () => new Response(new Uint8Array([80, 75]), { status: 200, headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment;filename= "germplasm-table.zip"' } }),
    );
    h.signIn();
    const download = await h.client.tableExport('germplasm/table/export', { filter: [], columnNameMapping: null });
    expect(download.filename).toBe('germplasm-table.zip');
    expect(new Uint8Array(await download.blob.arrayBuffer())).toEqual(new Uint8Array([80, 75]));
    expect(h.sent[0].headers.get('accept')).toBe('*/*');
    expect(h.session.current()?.createdOn).toBe(h.now());
  });
});

describe('login and logout', () => {
  it('log in through POST token and out through DELETE token', async () => {
    const h = harness((url, init) =>
      init.method === 'POST'
        ? json(200, { token: TOKEN, imageToken: 'img', id: 7, username: 'curator', userType: 'Data Curator', lifetime: LIFETIME, createdOn: 1 })
        : json(200, true),
    );
    const state = await h.client.login('curator', 'pw');
    expect(state).toMatchObject({ userId: 7, role: 'DATA_CURATOR', createdOn: h.now() });
    expect(JSON.parse(String(h.sent[0].init.body))).toEqual({ username: 'curator', password: 'pw' });
    await h.client.logout();
    expect(h.sent[1].init.method).toBe('DELETE');
    expect(h.sent[1].headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(String(h.sent[1].init.body))).toEqual({ email: 'curator', password: TOKEN });
    expect(h.session.current()).toBeNull();
  });

  it('log out locally when the server refuses, quietly', async () => {
    const h = harness(() => json(403, {}));
    h.signIn();
    await h.client.logout();
    expect(h.session.current()).toBeNull();
    expect(h.toasts).toEqual([]);
    await h.client.logout();
    expect(h.sent).toHaveLength(1);
  });
});

describe('filenameFromDisposition', () => {
  it('reads the names Germinate and RFC 5987 write, never a directory', () => {
    expect(filenameFromDisposition('attachment;filename= "a b.zip"')).toBe('a b.zip');
    expect(filenameFromDisposition('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(filenameFromDisposition("attachment; filename=\"x.zip\"; filename*=UTF-8''M%C3%BCller.zip")).toBe('Müller.zip');
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
