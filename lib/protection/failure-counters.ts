import type { Cluster, Redis } from "ioredis";
import type { Clock } from "@/lib/limiters";

/**
 * Counters that expire a window after their first count: how many sign-ins failed for a key
 * lately (docs/decisions/271). Each add is atomic, so an attempt can be counted before it is
 * judged and taken back when it succeeds: parallel guesses all count.
 */
export interface CounterStore {
  /**
   * Adds `delta` to `key`'s count (a new key starts a window of `windowMs`) and returns the count
   * and the ms left in the window.
   */
  add(key: string, delta: number, windowMs: number): Promise<{ count: number; ttlMs: number }>;
}

/** In process memory, for one instance and as the fallback while Redis cannot be reached. */
export class MemoryCounterStore implements CounterStore {
  private readonly counts = new Map<string, { count: number; expiresAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly maxKeys = 100_000,
  ) {}

  async add(key: string, delta: number, windowMs: number) {
    const now = this.clock.now();
    let entry = this.counts.get(key);
    if (!entry || entry.expiresAt <= now) {
      entry = { count: 0, expiresAt: now + windowMs };
      this.counts.delete(key);
      if (this.counts.size >= this.maxKeys) this.forgetOldest(now);
      this.counts.set(key, entry);
    }
    entry.count = Math.max(0, entry.count + delta);
    return { count: entry.count, ttlMs: entry.expiresAt - now };
  }

  private forgetOldest(now: number): void {
    for (const [key, entry] of this.counts) {
      if (entry.expiresAt <= now || this.counts.size >= this.maxKeys) this.counts.delete(key);
      if (this.counts.size < this.maxKeys) return;
    }
  }
}

// KEYS[1] = the counter; ARGV = delta, window (ms). The window starts with the key and never moves.
const ADD_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
if count < 0 then
  redis.call('SET', KEYS[1], 0, 'KEEPTTL')
  count = 0
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {count, ttl}
`;

/**
 * In Redis, shared by every instance. Each key carries its own hash tag, so on Redis Cluster a
 * counter lives on one shard, as the buckets do (221).
 */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis | Cluster,
    private readonly prefix: string,
  ) {}

  async add(key: string, delta: number, windowMs: number) {
    const reply = (await this.redis.eval(
      ADD_SCRIPT,
      1,
      `${this.prefix}{${key}}`,
      delta,
      windowMs,
    )) as [number, number];
    return { count: Number(reply[0]), ttlMs: Number(reply[1]) };
  }
}
