import { Redis } from 'ioredis';
import type { Counter, RateLimitStore } from './rate-limit-store';

// Each script runs atomically in Redis, so processes sharing it never lose or double a count.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;
const DECREMENT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;
const READ = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then return {0, 0} end
return {count, ttl}`;
const CLAIM = `
if redis.call('SET', KEYS[1], '1', 'PX', ARGV[1], 'NX') then return 0 end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then return 0 end
return ttl`;

/**
 * Rate-limit counts in Redis, shared by every server process using it (docs/architecture.md#many-servers,
 * decision 020): chosen when REDIS_URL is set. Uses ioredis, like the pub/sub adapter, on its own
 * connection (a subscriber connection can run no other command). When Redis cannot be reached,
 * a limited request fails rather than going unlimited.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  /** Prepended to every key, so apps (or test runs) sharing one Redis never cross. */
  private readonly prefix: string;
  private log: { warn(obj: object, msg: string): void } | undefined;

  constructor(url: string, options: { keyPrefix?: string } = {}) {
    this.prefix = options.keyPrefix ?? 'atelier:rate:';
    this.redis = new Redis(url, { connectionName: 'atelier-rate-limits', maxRetriesPerRequest: 3 });
    // Without a listener ioredis prints every connection error as "Unhandled error event"; it
    // reconnects on its own.
    this.redis.on('error', (err: Error) => this.log?.warn({ err }, 'redis rate-limit store error'));
  }

  /** The server's logger exists only once the app is built, after this store. */
  setLogger(log: { warn(obj: object, msg: string): void }): void {
    this.log = log;
  }

  async increment(key: string, ttlMs: number): Promise<Counter> {
    const [count, ttl] = (await this.redis.eval(INCREMENT, 1, this.prefix + key, ttlMs)) as [
      number,
      number,
    ];
    return { count, ttlMs: ttl };
  }

  async decrement(key: string): Promise<void> {
    await this.redis.eval(DECREMENT, 1, this.prefix + key);
  }

  async read(key: string): Promise<Counter> {
    const [count, ttl] = (await this.redis.eval(READ, 1, this.prefix + key)) as [number, number];
    return { count, ttlMs: ttl };
  }

  async hold(key: string, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, '1', 'PX', ttlMs);
  }

  async claim(key: string, ttlMs: number): Promise<number> {
    return (await this.redis.eval(CLAIM, 1, this.prefix + key, ttlMs)) as number;
  }

  async delete(...keys: string[]): Promise<void> {
    if (keys.length > 0) await this.redis.del(...keys.map((key) => this.prefix + key));
  }

  async close(): Promise<void> {
    if (this.redis.status === 'end') return;
    try {
      await this.redis.quit();
    } catch {
      // Not connected (Redis down): QUIT cannot be sent, so drop the connection instead.
      this.redis.disconnect();
    }
  }
}
