import path from 'node:path';
import type { ServerConfig } from '../config.js';
import { HttpError } from '../http/errors.js';
import type { AdminSettings } from '../settings.js';

/**
 * Relay of the three registration calls to an external Gatekeeper (Germinate's user-access tool), used
 * when the administrator set its URL and service account. Mirrors what Germinate's server does with its
 * Gatekeeper client: log in with the service account (POST api/token), find this database among
 * Gatekeeper's database systems (GET api/database), then call api/institution, api/request/new or
 * api/request/existing; Gatekeeper's answers (status + description) are passed on.
 */

export interface GatekeeperConnection {
  /** Base URL normalised to end with /api/ */
  apiUrl: string;
  username: string;
  password: string;
}

/** Where this database is registered in Gatekeeper: its server and database name. */
export interface DatabaseIdentity {
  server: string;
  database: string;
}

export const GATEKEEPER_TIMEOUT_MS = 20_000;

/** Reason phrases Gatekeeper uses and our client knows (sent in the HTTP status line); others pass as plain text. */
const KNOWN_REASONS = new Set([
  'BAD_REQUEST_MISSING_FIELDS', 'CONFLICT_USER_ALREADY_HAS_ACCESS', 'CONFLICT_USER_ALREADY_REQUESTED_ACCESS',
  'CONFLICT_USERNAME_EMAIL_ALREADY_IN_USE', 'FORBIDDEN_ACCESS_TO_OTHER_USER', 'FORBIDDEN_INSUFFICIENT_PERMISSIONS',
  'FORBIDDEN_INVALID_CREDENTIALS', 'NOT_FOUND_ACTIVATION_KEY', 'NOT_FOUND_ACTIVATION_REQUEST', 'NOT_FOUND_ID',
  'NOT_FOUND_ID_OR_PAYLOAD', 'NOT_FOUND_INSTITUTION', 'NOT_FOUND_PAYLOAD', 'NOT_FOUND_TOKEN', 'NOT_FOUND_USER',
  'UNAVAILABLE_EMAIL',
]);

/** The external Gatekeeper of the settings, or null for the built-in accounts. */
export function gatekeeperOf(settings: AdminSettings): GatekeeperConnection | null {
  const url = settings.gatekeeperUrl?.trim();
  const username = settings.gatekeeperUsername?.trim();
  if (!url || !username) return null;
  let apiUrl = url.endsWith('/') ? url : `${url}/`;
  if (!apiUrl.endsWith('api/')) apiUrl += 'api/';
  return { apiUrl, username, password: settings.gatekeeperPassword ?? '' };
}

/** This database as Gatekeeper knows it: PostgreSQL host and database name, or the SQLite file's name. */
export function databaseIdentity(config: ServerConfig): DatabaseIdentity {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return { server: url.hostname, database: decodeURIComponent(url.pathname.replace(/^\//, '')) };
  }
  return { server: 'localhost', database: path.basename(config.sqliteFile, path.extname(config.sqliteFile)) };
}

interface Answer {
  status: number;
  body: unknown;
}

async function call(connection: GatekeeperConnection, method: string, route: string, options: { token?: string; body?: unknown; timeoutMs: number }): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) {
    headers.authorization = `Bearer ${options.token}`;
    headers.cookie = `token=${options.token}`;
  }
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  let text: string;
  try {
    response = await fetch(new URL(route, connection.apiUrl), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
    text = await response.text();
  } catch {
    // Unreachable, refused, timed out or redirected: the user-access tool is unavailable.
    throw new HttpError(503, 'UNAVAILABLE_GATEKEEPER', 'The user access tool could not be reached.');
  }
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // Gatekeeper answers errors as text at times; keep the text.
  }
  return { status: response.status, body };
}

/** Gatekeeper's error answer as ours: its status, its reason when it is one we know, its description. */
function relayedError(answer: Answer): HttpError {
  const body = answer.body;
  let description: string | undefined;
  let reason: string | undefined;
  if (typeof body === 'string') description = body;
  else if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['reasonPhrase', 'reason', 'description', 'message']) {
      const value = record[key];
      if (typeof value === 'string' && KNOWN_REASONS.has(value)) reason ??= value;
    }
    if (typeof record.description === 'string') description = record.description;
  }
  if (!reason && description && KNOWN_REASONS.has(description.trim())) reason = description.trim();
  const status = answer.status >= 400 && answer.status <= 599 ? answer.status : 502;
  return new HttpError(status, reason, description?.slice(0, 500) || undefined);
}

const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;

export class GatekeeperRelay {
  constructor(
    private readonly connection: GatekeeperConnection,
    private readonly timeoutMs = GATEKEEPER_TIMEOUT_MS,
  ) {}

  /** A token of the given account; a refusal is Gatekeeper's error. */
  private async login(username: string, password: string): Promise<{ token: string; id: number | null }> {
    const answer = await call(this.connection, 'POST', 'token', { body: { username, password }, timeoutMs: this.timeoutMs });
    if (!ok(answer)) throw relayedError(answer);
    const body = answer.body as { token?: unknown; id?: unknown } | null;
    if (!body || typeof body.token !== 'string') throw new HttpError(502, 'UNAVAILABLE_GATEKEEPER', 'The user access tool gave no token.');
    return { token: body.token, id: typeof body.id === 'number' ? body.id : null };
  }

  /** The service account's token; its refusal means this server is misconfigured, not the user's fault. */
  private async serviceToken(): Promise<string> {
    try {
      return (await this.login(this.connection.username, this.connection.password)).token;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 503) throw error;
      throw new HttpError(503, 'UNAVAILABLE_GATEKEEPER', 'The user access tool refused this server’s login.');
    }
  }

  /** Gatekeeper's id of this database, or null when it is not registered there. */
  private async databaseSystemId(token: string, identity: DatabaseIdentity): Promise<number | null> {
    const query = new URLSearchParams({ server: identity.server, database: identity.database, page: '0', limit: '2147483647' });
    const answer = await call(this.connection, 'GET', `database?${query}`, { token, timeoutMs: this.timeoutMs });
    if (!ok(answer)) throw relayedError(answer);
    const first = (answer.body as { data?: Array<{ id?: unknown }> } | null)?.data?.[0];
    return typeof first?.id === 'number' ? first.id : null;
  }

  async institutions(page: number, limit: number): Promise<unknown> {
    const token = await this.serviceToken();
    const query = new URLSearchParams({ page: String(page), limit: String(limit) });
    const answer = await call(this.connection, 'GET', `institution?${query}`, { token, timeoutMs: this.timeoutMs });
    if (!ok(answer)) throw relayedError(answer);
    return answer.body;
  }

  /** Files a registration; false when this database is not registered in Gatekeeper (as Germinate). */
  async newUser(user: Record<string, unknown>, locale: string | null, needsApproval: boolean, identity: DatabaseIdentity): Promise<unknown> {
    const token = await this.serviceToken();
    const databaseSystemId = await this.databaseSystemId(token, identity);
    if (databaseSystemId === null) return false;
    const body = { ...user, needsApproval: needsApproval ? 1 : 0, databaseSystemId, locale };
    const answer = await call(this.connection, 'POST', 'request/new', { token, body, timeoutMs: this.timeoutMs });
    if (!ok(answer)) throw relayedError(answer);
    return answer.body;
  }

  /** Checks the user's own credentials with Gatekeeper, then files an access request to this database. */
  async existingUser(
    credentials: { username: string; password: string; locale: string | null },
    needsApproval: boolean,
    identity: DatabaseIdentity,
  ): Promise<unknown> {
    const token = await this.serviceToken();
    const databaseSystemId = await this.databaseSystemId(token, identity);
    const user = await this.login(credentials.username, credentials.password);
    if (databaseSystemId === null || user.id === null) return false;
    const body = { userId: user.id, databaseSystemId, locale: credentials.locale, needsApproval: needsApproval ? 1 : 0 };
    const answer = await call(this.connection, 'POST', 'request/existing', { token, body, timeoutMs: this.timeoutMs });
    if (!ok(answer)) throw relayedError(answer);
    return answer.body;
  }
}
