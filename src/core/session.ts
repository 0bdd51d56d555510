import { roleOf, type Role } from './roles.js';

/**
 * The login session: the token from `POST token`, valid while
 * now − createdOn ≤ lifetime and slid forward by every successful call. Persisted so it survives reloads.
 */

/** The `POST token` answer. Extra keys (the never-filled fullName and email) are ignored. */
/**
 * The `POST token` answer (token, imageToken, id, username, userType, lifetime, createdOn). Checked by hand rather than with arktype: the session is
 * part of the first screen, and arktype would add ~40 KiB gzip to it for two small shapes.
 */
export interface TokenResponse {
  token: string;
  imageToken: string;
  id: number;
  username: string;
  userType: string;
  lifetime: number;
  createdOn: number;
}

interface StoredSession {
  token: string;
  imageToken: string;
  userId: number;
  username: string;
  userType: string;
  lifetime: number;
  createdOn: number;
}

type FieldCheck = 'nonEmptyString' | 'string' | 'integer' | 'nonNegative' | 'number';

const CHECKS: Record<FieldCheck, (v: unknown) => boolean> = {
  nonEmptyString: (v) => typeof v === 'string' && v.length > 0,
  string: (v) => typeof v === 'string',
  integer: (v) => typeof v === 'number' && Number.isInteger(v),
  nonNegative: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0,
  number: (v) => typeof v === 'number' && Number.isFinite(v),
};

/** The first problem of `value` against `shape`, or null when every field has the right type. */
function shapeProblem(value: unknown, shape: Record<string, FieldCheck>): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be an object';
  const record = value as Record<string, unknown>;
  for (const [field, check] of Object.entries(shape)) {
    if (!CHECKS[check](record[field])) return `${field} must be ${check === 'nonEmptyString' ? 'a non-empty string' : `a ${check}`}`;
  }
  return null;
}

const TOKEN_SHAPE: Record<keyof TokenResponse, FieldCheck> = {
  token: 'nonEmptyString', imageToken: 'string', id: 'integer', username: 'string', userType: 'string', lifetime: 'nonNegative', createdOn: 'number',
};
const STORED_SHAPE: Record<keyof StoredSession, FieldCheck> = {
  token: 'nonEmptyString', imageToken: 'string', userId: 'integer', username: 'string', userType: 'string', lifetime: 'nonNegative', createdOn: 'number',
};

export interface SessionState extends StoredSession {
  role: Role | 'UNKNOWN';
}

/** The part of the Web Storage API the session uses (localStorage in the browser, a fake in tests). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Session {
  /** The session, or null when logged out. An expired one is still returned: ask isValid. */
  current(): SessionState | null;
  /** Starts a session from a `POST token` answer; throws a TypeError when the answer is malformed. */
  signIn(response: unknown): SessionState;
  isValid(now?: number): boolean;
  /** The bearer token while the session is valid, else null. */
  validToken(now?: number): string | null;
  /** Slides the session after a successful call; an expired session stays expired. */
  refresh(now?: number): void;
  /** Logs out: forgets the token and tells the onClear listeners. */
  clear(): void;
  /** Called when the user signs in or out (not on every refresh). Returns the unsubscribe function. */
  subscribe(listener: (state: SessionState | null) => void): () => void;
  /** Called when a session ends, so that per-user state elsewhere (the active story) is dropped. */
  onClear(listener: () => void): () => void;
}

export const SESSION_STORAGE_KEY = 'germinate-workspace.session';

export interface SessionOptions {
  now: () => number;
  /** Null or absent: memory only. */
  storage?: StorageLike | null;
  key?: string;
}

function withRole(stored: StoredSession): SessionState {
  return { ...stored, role: roleOf(stored.userType) };
}

function readStored(storage: StorageLike, key: string): StoredSession | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const problem = shapeProblem(parsed, STORED_SHAPE);
  if (problem !== null) {
    // A damaged or outdated value would fail the same way on every load: drop it.
    try {
      storage.removeItem(key);
    } catch {
      // storage unavailable: nothing to drop
    }
    return null;
  }
  const { token, imageToken, userId, username, userType, lifetime, createdOn } = parsed as StoredSession;
  return { token, imageToken, userId, username, userType, lifetime, createdOn };
}

/** Runs every listener even when one throws; the error still surfaces, just not in the caller's stack. */
function notifyAll<A extends unknown[]>(listeners: Set<(...args: A) => void>, ...args: A): void {
  for (const listener of [...listeners]) {
    try {
      listener(...args);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

export function createSession(options: SessionOptions): Session {
  const { now: clock, storage = null, key = SESSION_STORAGE_KEY } = options;
  let state: SessionState | null = null;
  const listeners = new Set<(state: SessionState | null) => void>();
  const clearListeners = new Set<() => void>();

  if (storage) {
    const stored = readStored(storage, key);
    if (stored) state = withRole(stored);
  }

  // Persistence is best-effort: a full or blocked storage must not break login.
  function persist(): void {
    if (!storage) return;
    try {
      if (state) {
        const { role: _role, ...stored } = state;
        storage.setItem(key, JSON.stringify(stored));
      } else {
        storage.removeItem(key);
      }
    } catch {
      // ignored, see above
    }
  }

  const isValid = (now: number = clock()): boolean => state !== null && now - state.createdOn <= state.lifetime;

  return {
    current: () => state,
    signIn(response) {
      const problem = shapeProblem(response, TOKEN_SHAPE);
      if (problem !== null) throw new TypeError(`Malformed token response: ${problem}`);
      const checked = response as TokenResponse;
      state = withRole({
        token: checked.token,
        imageToken: checked.imageToken,
        userId: checked.id,
        username: checked.username,
        userType: checked.userType,
        lifetime: checked.lifetime,
        // The server's createdOn is on the server's clock; validity is judged on ours, so the session
        // starts now by our clock (the difference is the login's round trip).
        createdOn: clock(),
      });
      persist();
      notifyAll(listeners, state);
      return state;
    },
    isValid,
    validToken: (now = clock()) => (state && isValid(now) ? state.token : null),
    refresh(now = clock()) {
      if (!state || !isValid(now) || now <= state.createdOn) return;
      state = { ...state, createdOn: now };
      persist();
    },
    clear() {
      if (!state) return;
      state = null;
      persist();
      notifyAll(listeners, null);
      notifyAll(clearListeners);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onClear(listener) {
      clearListeners.add(listener);
      return () => void clearListeners.delete(listener);
    },
  };
}

/**
 * Ending a session clears the token and its cookie. Germinate's client keeps a `token`
 * cookie; we never write one, but clear it where another client on this origin left it.
 */
export function clearTokenCookie(target: { cookie: string }): void {
  if (!/(?:^|;\s*)token=/.test(target.cookie)) return;
  target.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax';
}
