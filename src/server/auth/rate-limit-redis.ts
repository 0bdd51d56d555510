import { createClient } from '@redis/client';
import type { CounterStore, Hit } from './rate-limit-store.js';

/**
 * One hit as a Lua script, so that reading, restarting and incrementing a window is one atomic step on the
 * Redis server whichever process sends it. The window is a hash {hits, reset} on the app's clock (ARGV[1]
 * now, ARGV[2] window ms); PEXPIRE only lets Redis drop it once it has closed.
 */
const HIT_SCRIPT = `
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset'))
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
if reset == nil or reset <= now then
  reset = now + window
  redis.call('HSET', KEYS[1], 'hits', 1, 'reset', reset)
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, reset}
end
return {redis.call('HINCRBY', KEYS[1], 'hits', 1), reset}`;

/** What the store needs of a connected client. */
interface CommandClient {
  sendCommand<T>(args: readonly string[]): Promise<T>;
  close(): Promise<void>;
}

/**
 * Counters in Redis (REDIS_URL), shared by every server process that uses the same Redis and database.
 * Keys are `germinate:<namespace>:rl:<key>`: the namespace keeps deployments (and test databases) that
 * share one Redis apart. Commands fail at once while the connection is down instead of queueing, so a
 * login is never held waiting for Redis.
 */
export class RedisCounterStore implements CounterStore {
  readonly kind = 'redis';

  private constructor(
    private readonly client: CommandClient,
    private readonly prefix: string,
  ) {}

  /** Connects (and fails when Redis does not answer: a wrong REDIS_URL should stop the start, not every login). */
  static async connect(url: string, namespace: string, onError: (error: Error) => void): Promise<RedisCounterStore> {
    const client = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: 5000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5000) } });
    let connected = false;
    // Without a listener an error event would end the process; before the first connection it fails connect().
    client.on('error', (error: Error) => {
      if (connected) onError(error);
    });
    const firstAttempt = new Promise<never>((_, reject) => client.once('error', reject));
    try {
      await Promise.race([client.connect(), firstAttempt]);
    } catch (error) {
      client.destroy();
      throw new Error(`REDIS_URL: cannot connect to Redis (${(error as Error).message})`, { cause: error });
    }
    connected = true;
    return new RedisCounterStore(client, `germinate:${namespace}:rl:`);
  }

  async hit(key: string, windowMs: number, now: number): Promise<Hit> {
    const reply = await this.client.sendCommand<[number, number]>(['EVAL', HIT_SCRIPT, '1', this.prefix + key, String(now), String(windowMs)]);
    return { count: Number(reply[0]), resetAt: Number(reply[1]) };
  }

  async reset(key: string): Promise<void> {
    await this.client.sendCommand(['DEL', this.prefix + key]);
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
