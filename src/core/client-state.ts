import { proxy, snapshot, subscribe } from 'valtio/vanilla';
import {
  KEYS_WITHOUT_CONSENT,
  parseStored,
  readSharedState,
  readUserState,
  USER_STATE_KEYS,
  type SharedState,
  type UserState,
  type UserStateKey,
} from './client-state-schema.js';
import {
  addMarked,
  hasMarked,
  pushRecentId,
  removeMarked,
  toggleMarked,
  type MarkableType,
  type RecentType,
} from './marked-items.js';

/**
 * The client state: one valtio proxy holding the current user's state, the browser-wide
 * slots and the active story, persisted per user id in localStorage with the GDPR subset.
 */

export * from './client-state-schema.js';

/** The part of the Web Storage API we use; localStorage in the browser, a Map in tests. */
import type { StorageLike } from './session.js';
export type { StorageLike };

/** The story being presented or edited; its shape belongs to the stories plugin. */
export interface ActiveStory {
  story: { id: number; [field: string]: unknown };
  index: number;
  isEdit: boolean;
}

export type UserId = number | string | null;

export interface ClientState extends UserState, SharedState {
  /** Whose state this is: the token's user id, null when anonymous. Set through switchUser only. */
  userId: string | null;
  /** Never persisted; cleared whenever the user changes. */
  activeStory: ActiveStory | null;
}

export interface ClientStateOptions {
  storage: StorageLike;
  /** True when the server's showGdprNotification applies; read at every write. */
  gdprEnabled: () => boolean;
  /** Delay that folds bursts of changes into one write. Default 250 ms. */
  debounceMs?: number;
  /** Storage key prefix, so two installations on one origin keep apart. Default `germinate-workspace.state`. */
  namespace?: string;
  /** User to start with; default anonymous. */
  userId?: UserId;
  /** Told when a gated feature refuses (marking after a "no" to cookies), so the shell can say why. */
  onRefused?: (feature: GatedFeature) => void;
}

export interface ClientStore {
  /** The valtio proxy: read with snapshot/useSnapshot, write by assignment. */
  state: ClientState;
  /** Saves the current user's state, then loads userId's (defaults for what is missing or damaged). */
  switchUser(userId: UserId): void;
  /** False (and nothing marked) when declined cookies disable item lists. */
  markItems(type: MarkableType, ids: Iterable<number>): boolean;
  unmarkItems(type: MarkableType, ids: Iterable<number>): void;
  /** Whether the id is marked afterwards. */
  toggleMark(type: MarkableType, id: number): boolean;
  isMarked(type: MarkableType, id: number): boolean;
  pushRecent(type: RecentType, id: number): void;
  setHiddenColumns(table: string, columns: readonly string[]): void;
  /** Writes pending changes now (page hide, tests). */
  flush(): void;
  /** Stops persisting after a last write. */
  dispose(): void;
}

/** Keys are `<namespace>.anonymous`, `<namespace>.user.<id>` and `<namespace>.shared`. */
export const DEFAULT_NAMESPACE = 'germinate-workspace.state';

export type GatedFeature = 'login' | 'itemLists';

/**
 * Declining cookies disables login and item lists. Only an explicit "no" does: while the
 * choice is open (null) the features work and only the GDPR subset is kept.
 */
export function featureAllowed(feature: GatedFeature, state: Pick<UserState, 'cookiesAccepted'>): boolean {
  switch (feature) {
    case 'login':
    case 'itemLists':
      return state.cookiesAccepted !== false;
  }
}

/** The per-user keys that may be stored now. */
export function persistableKeys(gdprEnabled: boolean, cookiesAccepted: boolean | null): readonly UserStateKey[] {
  return gdprEnabled && cookiesAccepted !== true ? KEYS_WITHOUT_CONSENT : USER_STATE_KEYS;
}

export function createClientState(options: ClientStateOptions): ClientStore {
  const { storage } = options;
  const namespace = options.namespace ?? DEFAULT_NAMESPACE;
  const debounceMs = options.debounceMs ?? 250;
  const userKey = (userId: string | null) => (userId === null ? `${namespace}.anonymous` : `${namespace}.user.${userId}`);
  const sharedKey = `${namespace}.shared`;

  const initialId = normaliseUserId(options.userId ?? null);
  const state: ClientState = proxy<ClientState>({
    ...loadUser(initialId),
    ...readSharedState(parseStored(safeGet(storage, sharedKey))),
    userId: initialId,
    activeStory: null,
  });

  function loadUser(userId: string | null): UserState {
    return readUserState(parseStored(safeGet(storage, userKey(userId))));
  }

  function gdprApplies(): boolean {
    try {
      return options.gdprEnabled();
    } catch {
      // Unknown means apply: keeping too little is recoverable, keeping too much is not.
      return true;
    }
  }

  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Skips writes that change nothing, such as after an active-story change. */
  function put(key: string, value: string): void {
    if (safeGet(storage, key) !== value) safeSet(storage, key, value);
  }

  function write(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const snap = snapshot(state);
    const user: Partial<Record<UserStateKey, unknown>> = {};
    for (const key of persistableKeys(gdprApplies(), snap.cookiesAccepted)) user[key] = snap[key];
    // The whole object is rewritten, so keys no longer allowed disappear from storage as well.
    put(userKey(snap.userId), JSON.stringify(user));
    const shared: SharedState = { baseUrl: snap.baseUrl, serverSettings: snap.serverSettings };
    put(sharedKey, JSON.stringify(shared));
  }

  function schedule(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(write, debounceMs);
  }

  // valtio's ops are off by default, so changes are found by comparing snapshot parts: unchanged
  // parts keep their identity, which makes this cheap and lets active-story changes pass unnoticed.
  const persistedParts = (): unknown[] => {
    const snap = snapshot(state);
    return [snap.userId, snap.baseUrl, snap.serverSettings, ...USER_STATE_KEYS.map((key) => snap[key])];
  };
  let lastParts = persistedParts();
  let switching = false;
  let cookiesAccepted = state.cookiesAccepted;

  // Notified in sync, so a change is pending (and flush sees it) as soon as it is made.
  const unsubscribe = subscribe(
    state,
    () => {
      if (switching) return;
      const parts = persistedParts();
      if (parts.every((part, index) => Object.is(part, lastParts[index]))) return;
      lastParts = parts;
      const declined = state.cookiesAccepted === false && cookiesAccepted !== false;
      cookiesAccepted = state.cookiesAccepted;
      if (declined) write(); // a "no" takes effect at once, not after the debounce
      else schedule();
    },
    true,
  );

  function refuse(feature: GatedFeature): false {
    options.onRefused?.(feature);
    return false;
  }

  function switchUser(userId: UserId): void {
    const next = normaliseUserId(userId);
    if (next === state.userId) return;
    // Pending changes belong to the user who made them.
    if (timer !== undefined) write();
    const loaded = loadUser(next);
    switching = true;
    try {
      Object.assign(state, loaded, { userId: next, activeStory: null });
    } finally {
      switching = false;
    }
    cookiesAccepted = loaded.cookiesAccepted;
    lastParts = persistedParts();
    // Rewrites the loaded state in its checked form, which also drops keys the GDPR rule no longer allows.
    schedule();
  }

  return {
    state,
    switchUser,
    markItems: (type, ids) => {
      if (!featureAllowed('itemLists', state)) return refuse('itemLists');
      addMarked(state.markedIds, type, ids);
      return true;
    },
    unmarkItems: (type, ids) => removeMarked(state.markedIds, type, ids),
    toggleMark: (type, id) => {
      if (!featureAllowed('itemLists', state) && !hasMarked(state.markedIds, type, id)) return refuse('itemLists');
      return toggleMarked(state.markedIds, type, id);
    },
    isMarked: (type, id) => hasMarked(state.markedIds, type, id),
    pushRecent: (type, id) => pushRecentId(state.recentIds, type, id),
    setHiddenColumns: (table, columns) => {
      const valid = readUserState({ hiddenColumns: { [table]: [...columns] } }).hiddenColumns[table];
      if (valid === undefined) return;
      state.hiddenColumns[table] = valid;
    },
    flush: () => {
      if (timer !== undefined) write();
    },
    dispose: () => {
      unsubscribe();
      if (timer !== undefined) write();
    },
  };
}

function normaliseUserId(userId: UserId): string | null {
  return userId === null || userId === '' ? null : String(userId);
}

/** Storage can be disabled or full (private windows, quota); the app then works without persistence. */
function safeGet(storage: StorageLike, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(storage: StorageLike, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Same reason as safeGet: losing persistence must not break the running app.
  }
}
