import { randomUUID } from "node:crypto";
import type { Cluster, Redis } from "ioredis";
import type { CooldownRule, GuardStore, Standing } from "./guard-store";

/**
 * The judge guard's standings in Redis (docs/decisions/300), shared by every instance. One
 * requester's three keys share a hash tag (`prefix guard:{learner:…}:…`), so each script touches one
 * slot on Redis Cluster. Judges under way are a sorted set of leases scored by their expiry: a lease
 * of an instance that died mid-judge stops counting when it expires. Everything expires: the
 * incidents with their window, the standing a day after it last changed.
 */
const STANDING_TTL_MS = 24 * 60 * 60_000;

// KEYS: standing hash, incidents zset. ARGV: now, window.
const STANDING = `
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1] - ARGV[2])
local fields = redis.call('HMGET', KEYS[1], 'cooldownUntil', 'clean')
return {redis.call('ZCARD', KEYS[2]), tonumber(fields[1]) or 0, fields[2] == '1' and 1 or 0}
`;

// KEYS: leases zset. ARGV: cap, now, lease ms, lease id. The set itself expires with its newest
// lease (relative to Redis's clock, so an instance's clock cannot keep or drop it).
const ENTER = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
if redis.call('ZSCORE', KEYS[1], ARGV[4]) then return 1 end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], tonumber(ARGV[2]) + tonumber(ARGV[3]), ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

// KEYS: standing hash, incidents zset. ARGV: now, window, base, max, from, standing ttl, id.
const INCIDENT = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - ARGV[2])
redis.call('ZADD', KEYS[2], now, ARGV[7])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
local nth = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[5]) + 1
redis.call('HSET', KEYS[1], 'clean', '0')
if nth >= 1 then
  local cooldown = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ math.min(20, nth - 1))
  local current = tonumber(redis.call('HGET', KEYS[1], 'cooldownUntil')) or 0
  if now + cooldown > current then redis.call('HSET', KEYS[1], 'cooldownUntil', now + cooldown) end
end
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return 1
`;

export class RedisGuardStore implements GuardStore {
  constructor(
    private readonly redis: Redis | Cluster,
    private readonly prefix: string,
  ) {}

  async standing(key: string, now: number, windowMs: number): Promise<Standing> {
    const [incidents, cooldownUntil, clean] = (await this.redis.eval(
      STANDING,
      2,
      this.key(key, "standing"),
      this.key(key, "incidents"),
      now,
      windowMs,
    )) as [number, number, number];
    return {
      incidents: Number(incidents),
      cooldownUntil: Number(cooldownUntil),
      clean: clean === 1,
    };
  }

  async enter(
    key: string,
    cap: number,
    now: number,
    leaseMs: number,
    lease: string,
  ): Promise<boolean> {
    const entered = await this.redis.eval(
      ENTER,
      1,
      this.key(key, "leases"),
      cap,
      now,
      leaseMs,
      lease,
    );
    return Number(entered) === 1;
  }

  async leave(key: string, lease: string): Promise<void> {
    await this.redis.zrem(this.key(key, "leases"), lease);
  }

  async incident(key: string, now: number, windowMs: number, rule: CooldownRule): Promise<void> {
    await this.redis.eval(
      INCIDENT,
      2,
      this.key(key, "standing"),
      this.key(key, "incidents"),
      now,
      windowMs,
      rule.baseMs,
      rule.maxMs,
      rule.fromIncident,
      STANDING_TTL_MS,
      randomUUID(),
    );
  }

  async markClean(key: string): Promise<void> {
    const standing = this.key(key, "standing");
    await this.redis.multi().hset(standing, "clean", "1").pexpire(standing, STANDING_TTL_MS).exec();
  }

  private key(requester: string, part: string): string {
    return `${this.prefix}guard:{${requester}}:${part}`;
  }
}
