import { isIPv6 } from 'node:net';

/**
 * Fixed-window counters for the login limits. A window opens at a key's first hit and lasts `windowMs`;
 * hits after it closes start a new one. Times come from the app's clock (passed in), so every store
 * counts the same way and tests can move time.
 */
export interface CounterStore {
  /** Counts one hit atomically: the count including this hit and when the window closes (ms). */
  hit(key: string, windowMs: number, now: number): Promise<Hit>;
  /** Forgets a key (a successful login clears that client's failures for the account). */
  reset(key: string): Promise<void>;
  /** Where the counters live, for the start-up log. */
  readonly kind: 'memory' | 'postgres' | 'redis';
  close(): Promise<void>;
}

export interface Hit {
  count: number;
  resetAt: number;
}

/** One process only: counters in a Map, swept of closed windows at most once per window. */
export class MemoryCounterStore implements CounterStore {
  readonly kind = 'memory';
  private readonly counters = new Map<string, Hit>();
  private nextSweep = 0;

  async hit(key: string, windowMs: number, now: number): Promise<Hit> {
    if (now >= this.nextSweep) {
      for (const [k, v] of this.counters) if (v.resetAt <= now) this.counters.delete(k);
      this.nextSweep = now + windowMs;
    }
    const current = this.counters.get(key);
    const next = current && current.resetAt > now ? { count: current.count + 1, resetAt: current.resetAt } : { count: 1, resetAt: now + windowMs };
    this.counters.set(key, next);
    return next;
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }

  async close(): Promise<void> {
    this.counters.clear();
  }
}

/**
 * The client part of a counter key: the address itself for IPv4, its /64 network for IPv6 (one
 * subscriber usually holds a whole /64, so counting single addresses would let them rotate freely).
 * IPv4-mapped IPv6 addresses count as the IPv4 address.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
