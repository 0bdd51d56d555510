import { memoryStorage } from './memory-storage.test-support.js';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, createSession, type StorageLike } from './session.js';

const LIFETIME = 43_200_000;


function tokenResponse(overrides: Record<string, unknown> = {}) {
  return {
    token: 'tok-1',
    imageToken: 'img-1',
    id: 12,
    username: 'jdoe',
    userType: 'Data Curator',
    lifetime: LIFETIME,
    createdOn: 1_000,
    ...overrides,
  };
}

function clock(start = 5_000_000) {
  let time = start;
  return { now: () => time, set: (t: number) => (time = t), advance: (ms: number) => (time += ms) };
}

describe('session', () => {
  it('starts logged out and signs in from a token answer', () => {
    const c = clock();
    const session = createSession({ now: c.now });
    expect(session.current()).toBeNull();
    expect(session.isValid()).toBe(false);
    expect(session.validToken()).toBeNull();
    const state = session.signIn(tokenResponse());
    expect(state).toEqual({
      token: 'tok-1',
      imageToken: 'img-1',
      userId: 12,
      username: 'jdoe',
      userType: 'Data Curator',
      role: 'DATA_CURATOR',
      lifetime: LIFETIME,
      createdOn: c.now(),
    });
    expect(session.validToken()).toBe('tok-1');
  });

  it('maps every user type to its role', () => {
    const session = createSession({ now: () => 0 });
    expect(session.signIn(tokenResponse({ userType: 'Administrator' })).role).toBe('ADMIN');
    expect(session.signIn(tokenResponse({ userType: 'Regular User' })).role).toBe('AUTH_USER');
    expect(session.signIn(tokenResponse({ userType: 'Suspended User' })).role).toBe('UNKNOWN');
  });

  it('refuses a malformed token answer and keeps the previous state', () => {
    const session = createSession({ now: () => 0 });
    for (const bad of [null, 'tok', {}, tokenResponse({ token: '' }), tokenResponse({ id: 'x' }), tokenResponse({ lifetime: undefined })]) {
      expect(() => session.signIn(bad)).toThrow(TypeError);
    }
    expect(session.current()).toBeNull();
  });

  it('is valid while now − createdOn ≤ lifetime', () => {
    const c = clock();
    const session = createSession({ now: c.now });
    const start = session.signIn(tokenResponse({ lifetime: 1000 })).createdOn;
    expect(session.isValid(start + 1000)).toBe(true);
    expect(session.isValid(start + 1001)).toBe(false);
    expect(session.validToken(start + 1001)).toBeNull();
    c.advance(1000);
    expect(session.isValid()).toBe(true);
    c.advance(1);
    expect(session.isValid()).toBe(false);
    // expired but not yet cleared: still there for whoever clears it
    expect(session.current()?.token).toBe('tok-1');
  });

  it('slides on refresh and stays expired once expired', () => {
    const c = clock();
    const session = createSession({ now: c.now });
    const start = session.signIn(tokenResponse({ lifetime: 1000 })).createdOn;
    session.refresh(start + 900);
    expect(session.current()?.createdOn).toBe(start + 900);
    expect(session.isValid(start + 1900)).toBe(true);
    session.refresh(start + 500); // an older call finishing late does not move the window back
    expect(session.current()?.createdOn).toBe(start + 900);
    session.refresh(start + 2000);
    expect(session.current()?.createdOn).toBe(start + 900);
    expect(session.isValid(start + 2000)).toBe(false);
  });

  it('clears, telling subscribers and onClear listeners once', () => {
    const session = createSession({ now: () => 0 });
    const changes: (string | null)[] = [];
    const cleared = vi.fn();
    const unsubscribe = session.subscribe((state) => changes.push(state?.username ?? null));
    session.onClear(cleared);
    session.signIn(tokenResponse());
    session.refresh(10);
    session.clear();
    session.clear();
    expect(changes).toEqual(['jdoe', null]);
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(session.current()).toBeNull();
    unsubscribe();
    session.signIn(tokenResponse());
    expect(changes).toEqual(['jdoe', null]);
  });

  it('runs every listener even when one throws', async () => {
    const session = createSession({ now: () => 0 });
    const second = vi.fn();
    session.onClear(() => {
      throw new Error('listener broke');
    });
    session.onClear(second);
    session.signIn(tokenResponse());
    const surfaced = new Promise<unknown>((resolve) => process.once('uncaughtException', resolve));
    expect(() => session.clear()).not.toThrow();
    expect(second).toHaveBeenCalledOnce();
    expect(await surfaced).toMatchObject({ message: 'listener broke' });
  });
});

describe('session persistence', () => {
  it('survives a reload under one key, and logout removes it', () => {
    const storage = memoryStorage();
    const c = clock();
    const first = createSession({ now: c.now, storage });
    first.signIn(tokenResponse());
    expect([...storage.data.keys()]).toEqual([SESSION_STORAGE_KEY]);
    c.advance(60_000);
    first.refresh();
    const reloaded = createSession({ now: c.now, storage });
    expect(reloaded.current()).toEqual(first.current());
    expect(reloaded.validToken()).toBe('tok-1');
    reloaded.clear();
    expect(storage.data.size).toBe(0);
    expect(createSession({ now: c.now, storage }).current()).toBeNull();
  });

  it('does not store the derived role', () => {
    const storage = memoryStorage();
    createSession({ now: () => 0, storage, key: 'k' }).signIn(tokenResponse());
    expect(JSON.parse(storage.data.get('k') ?? '')).not.toHaveProperty('role');
  });

  it('ignores and drops a corrupt stored value', () => {
    const stored = { token: 't', imageToken: 'i', userId: 1, username: 'u', userType: 'Regular User', lifetime: 10, createdOn: 0 };
    for (const bad of ['{not json', '"text"', 'null', '[]', JSON.stringify({ ...stored, userId: '1' }), JSON.stringify({ ...stored, token: '' })]) {
      const storage = memoryStorage({ [SESSION_STORAGE_KEY]: bad });
      const session = createSession({ now: () => 0, storage });
      expect(session.current(), bad).toBeNull();
      expect(storage.data.size, bad).toBe(0);
    }
    const good = memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify({ ...stored, extra: true }) });
    expect(createSession({ now: () => 0, storage: good }).current()).toEqual({ ...stored, role: 'AUTH_USER' });
  });

  it('keeps working in memory when the storage throws', () => {
    const failing: StorageLike = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    const session = createSession({ now: () => 0, storage: failing });
    expect(session.signIn(tokenResponse()).token).toBe('tok-1');
    session.refresh(5);
    expect(() => session.clear()).not.toThrow();
  });
});
