import { SESSION_ENDING_STATUSES, isKnownReasonPhrase, toastForError, type Toast } from './errors.js';
import type { AuthMode } from './roles.js';
import type { Session, SessionState } from './session.js';
import type { ExportRequest, PaginatedRequest, PaginatedResult } from './table-request.js';

/**
 * The client side of the Germinate 4 API: relative base path, Bearer token, cookies, JSON,
 * the sliding session, and the default error handling (toast, logout, login redirect).
 */

export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'aborted' | 'invalid-response';

/** What every failed call rejects with. No token is ever part of it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; null when no response arrived. */
  readonly status: number | null;
  readonly reasonPhrase: string | null;
  readonly method: string;
  /** Request path relative to the API root, without the query. */
  readonly path: string;
  /** Parsed JSON error body, or the text body, when there was one. */
  readonly body: unknown;

  constructor(init: { kind: ApiErrorKind; method: string; path: string; status?: number | null; reasonPhrase?: string | null; message?: string; body?: unknown }) {
    super(init.message ?? (init.status ? `HTTP ${init.status}` : init.kind));
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.reasonPhrase = init.reasonPhrase ?? null;
    this.method = init.method;
    this.path = init.path;
    this.body = init.body;
  }
}

/** A caller's own handling of some statuses; an empty `codes` list means every HTTP error. */
export interface ErrorHandler {
  codes: number[];
  callback(error: ApiError): void;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface CallOptions {
  /** JSON-encoded, except FormData (uploads) and Blob, which go as they are. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  handlers?: ErrorHandler[];
  signal?: AbortSignal;
  /** Resolve to the response as a file instead of parsing JSON. */
  raw?: boolean;
}

export interface Download {
  blob: Blob;
  /** From content-disposition, without quotes or directories; null when the server names none. */
  filename: string | null;
}

export interface ApiMethod {
  <T>(path: string, options?: CallOptions & { raw?: false }): Promise<T>;
  (path: string, options: CallOptions & { raw: true }): Promise<Download>;
}
export interface GetMethod {
  <T>(path: string, options?: Omit<CallOptions, 'body'> & { raw?: false }): Promise<T>;
  (path: string, options: Omit<CallOptions, 'body'> & { raw: true }): Promise<Download>;
}

/** A table request as the UI holds it: `page` counts from 1 (default 1). Extra keys (datasetIds…) pass. */
export type TableRequest = Omit<PaginatedRequest, 'page'> & { page?: number | null; [extra: string]: unknown };

export type SettledOutcome = { ok: true } | { ok: false; error: ApiError };

export interface ApiClientOptions {
  session: Session;
  authMode: () => AuthMode;
  onNavigate: (path: string, remember?: string) => void;
  onToast: (toast: Toast) => void;
  /** Called after every call, so the shell can hide its loading modal when one fails (an error hides it). */
  onSettled?: (outcome: SettledOutcome) => void;
  /** Default `./api/`: relative, so the client works under any context path. */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
  /** Sent as Accept-Language once known (Germinate's underscore form, e.g. en_GB). */
  locale?: () => string | null | undefined;
  /** The route to come back to after a forced login. */
  currentPath?: () => string;
}

export interface ApiClient {
  get: GetMethod;
  post: ApiMethod;
  put: ApiMethod;
  patch: ApiMethod;
  delete: ApiMethod;
  /** POST a table page; `request.page` counts from 1 and is sent 0-based, as the server counts. */
  table<T>(path: string, request: TableRequest, options?: TableCallOptions): Promise<PaginatedResult<T>>;
  /** POST to an `…/ids` endpoint: every matching id, so sorting is left out. */
  tableIds(path: string, request: TableRequest, options?: TableCallOptions): Promise<PaginatedResult<number>>;
  /** POST to an `…/export` endpoint; the answer is a file. */
  tableExport(path: string, request: ExportRequest & Record<string, unknown>, options?: TableCallOptions): Promise<Download>;
  /** POST token, then start the session with the answer. */
  login(username: string, password: string, options?: Pick<CallOptions, 'handlers' | 'signal'>): Promise<SessionState>;
  /** DELETE token when a valid session exists, then clear the session whatever the server said. */
  logout(): Promise<void>;
}

export type TableCallOptions = Pick<CallOptions, 'handlers' | 'signal'>;

export const DEFAULT_BASE_URL = './api/';
export const DEFAULT_TIMEOUT_MS = 60_000;
/** Longest server text kept on an ApiError (a SQL message or an HTML error page can be long). */
const MAX_ERROR_TEXT = 1000;

/** Converts the UI's 1-based page to the server's 0-based one, without touching the caller's object. */
export function toWireRequest<R extends TableRequest>(request: R): Omit<R, 'page'> & { page: number } {
  const page = request.page ?? 1;
  if (!Number.isInteger(page) || page < 1) throw new RangeError(`Table page counts from 1, got ${String(page)}`);
  return { ...request, page: page - 1 };
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Germinate writes `attachment;filename= "name.zip"`; RFC 5987 `filename*=` wins when present. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const parts = header.split(';').map((part) => part.trim());
  const extended = parts.find((part) => /^filename\*\s*=/i.test(part));
  const plain = parts.find((part) => /^filename\s*=/i.test(part));
  let name: string | null = null;
  if (extended) {
    const value = extended.slice(extended.indexOf('=') + 1).trim();
    const encoded = value.slice(value.indexOf("''") + 2);
    try {
      name = decodeURIComponent(encoded);
    } catch {
      name = null;
    }
  }
  if (!name && plain) name = plain.slice(plain.indexOf('=') + 1).trim().replace(/^"(.*)"$/, '$1');
  // Only the last path segment: a name is never allowed to pick a directory.
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

interface ErrorDetails {
  body: unknown;
  reasonPhrase: string | null;
  message: string | undefined;
}

/** Our server sends `{statusCode, error, reasonPhrase?, message?}`; Germinate only the status line. */
async function readErrorDetails(response: Response): Promise<ErrorDetails> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    text = '';
  }
  let body: unknown = text || undefined;
  let reasonPhrase: string | null = null;
  let message: string | undefined = text ? text.slice(0, MAX_ERROR_TEXT) : undefined;
  try {
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (parsed && typeof parsed === 'object') {
      body = parsed;
      const fields = parsed as { reasonPhrase?: unknown; message?: unknown };
      reasonPhrase = typeof fields.reasonPhrase === 'string' ? fields.reasonPhrase : null;
      message = typeof fields.message === 'string' ? fields.message.slice(0, MAX_ERROR_TEXT) : undefined;
    }
  } catch {
    // not JSON: keep the text
  }
  // Germinate puts the phrase in the status line only (lost under HTTP/2).
  if (!reasonPhrase && isKnownReasonPhrase(response.statusText)) reasonPhrase = response.statusText;
  return { body, reasonPhrase, message };
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { session, authMode, onNavigate, onToast, onSettled } = options;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? (() => Date.now());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const base = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/*$/, '/');

  function toLogin(): void {
    if (authMode() !== 'FULL' && authMode() !== 'SELECTIVE') return;
    const here = options.currentPath?.();
    onNavigate('/login', here && here !== '/login' ? here : undefined);
  }

  function handleFailure(error: ApiError, handlers: ErrorHandler[] | undefined, sentToken: string | null): void {
    if (error.kind === 'aborted') return;
    if (error.kind === 'timeout') onToast(toastForError({ timeout: true }));
    else if (error.kind === 'network') onToast(toastForError({ network: true }));
    else if (error.kind === 'invalid-response') onToast(toastForError({}));
    else if (error.status !== null) {
      const handler = handlers?.find((h) => h.codes.length === 0 || h.codes.includes(error.status as number));
      if (handler) return handler.callback(error);
      onToast(toastForError({ status: error.status, reasonPhrase: error.reasonPhrase ?? undefined }));
      // A late answer to a call made with an earlier token must not log out whoever is signed in now.
      if (SESSION_ENDING_STATUSES.includes(error.status) && session.current()?.token === (sentToken ?? undefined)) {
        session.clear();
        toLogin();
      }
    }
  }

  async function call(method: string, rawPath: string, callOptions: CallOptions = {}): Promise<unknown> {
    const path = rawPath.replace(/^\/+/, '');
    const at = now();
    // An expired session ends before the call, so the call goes out anonymous.
    if (session.current() && !session.isValid(at)) {
      session.clear();
      toLogin();
    }
    const token = session.validToken(at);
    const headers = new Headers({ Accept: callOptions.raw ? '*/*' : 'application/json' });
    // Germinate's own client sends `Bearer null` when logged out, which only Germinate reads as "no token";
    // to any other server it is an unknown token, and SELECTIVE answers those with 401 even on public routes.
    // No header means anonymous everywhere.
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const locale = options.locale?.();
    if (locale) headers.set('Accept-Language', locale);
    let body: BodyInit | undefined;
    if (callOptions.body !== undefined) {
      if (callOptions.body instanceof FormData || callOptions.body instanceof Blob) body = callOptions.body;
      else {
        body = JSON.stringify(callOptions.body);
        headers.set('Content-Type', 'application/json; charset=utf-8');
      }
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const callerSignal = callOptions.signal;
    const forwardAbort = () => controller.abort();
    if (callerSignal?.aborted) controller.abort();
    else callerSignal?.addEventListener('abort', forwardAbort, { once: true });

    const error = (kind: ApiErrorKind, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
      new ApiError({ kind, method, path, ...extra });
    const failure = (thrown: unknown): ApiError => {
      if (thrown instanceof ApiError) return thrown;
      if (timedOut) return error('timeout', { message: `No answer within ${timeoutMs} ms` });
      if (controller.signal.aborted) return error('aborted', { message: 'Aborted' });
      return error('network', { message: thrown instanceof Error ? thrown.message : 'Network error' });
    };

    let result: unknown;
    try {
      const response = await doFetch(`${base}${path}${buildQuery(callOptions.query)}`, {
        method,
        headers,
        body,
        credentials: 'include',
        signal: controller.signal,
      });
      if (!response.ok) {
        const details = await readErrorDetails(response);
        throw error('http', { status: response.status, ...details });
      }
      if (callOptions.raw) {
        const download: Download = { blob: await response.blob(), filename: filenameFromDisposition(response.headers.get('content-disposition')) };
        result = download;
      } else {
        const text = await response.text();
        try {
          result = text ? JSON.parse(text) : undefined;
        } catch {
          throw error('invalid-response', { status: response.status, message: 'The answer is not JSON' });
        }
      }
    } catch (thrown) {
      const apiError = failure(thrown);
      try {
        handleFailure(apiError, callOptions.handlers, token);
      } finally {
        onSettled?.({ ok: false, error: apiError });
      }
      throw apiError;
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forwardAbort);
    }
    // Mirror the server's sliding window only for calls the token actually went with.
    if (token) session.refresh(now());
    onSettled?.({ ok: true });
    return result;
  }

  const method = (name: string) => ((path: string, callOptions?: CallOptions) => call(name, path, callOptions)) as ApiMethod;

  const client: ApiClient = {
    get: method('GET') as GetMethod,
    post: method('POST'),
    put: method('PUT'),
    patch: method('PATCH'),
    delete: method('DELETE'),
    table<T>(path: string, request: TableRequest, tableOptions?: TableCallOptions) {
      return client.post<PaginatedResult<T>>(path, { ...tableOptions, body: toWireRequest(request) });
    },
    tableIds(path, request, tableOptions) {
      const { orderBy: _orderBy, ascending: _ascending, ...rest } = toWireRequest(request);
      return client.post<PaginatedResult<number>>(path, { ...tableOptions, body: rest });
    },
    tableExport: (path, request, tableOptions) => client.post(path, { ...tableOptions, body: request, raw: true }),
    async login(username, password, loginOptions) {
      const answer = await client.post<unknown>('token', { ...loginOptions, body: { username, password } });
      return session.signIn(answer);
    },
    async logout() {
      const state = session.current();
      const token = session.validToken(now());
      try {
        // Germinate reads the token to revoke from `password`; `email` carries the username.
        if (state && token) await client.delete('token', { body: { email: state.username, password: token }, handlers: [{ codes: [], callback: () => undefined }] });
      } catch {
        // logging out locally must work even when the server cannot be told
      } finally {
        session.clear();
      }
    },
  };
  return client;
}
