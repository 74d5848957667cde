import { Redis } from "ioredis";
import { afterAll, describe, expect, test } from "vitest";
import { ManualClock, SystemClock } from "@/lib/limiters";
import { systemTimers } from "@/lib/time/timers";
import {
  FallbackGuardStore,
  MemoryGuardStore,
  type GuardStore,
} from "@/lib/protection/guard-store";
import { RedisGuardStore } from "@/lib/protection/guard-redis-store";
import { JudgeAdmission } from "@/lib/protection/judge-admission";
import { JudgeGuard, type JudgedDocument } from "@/lib/protection/judge-guard";
import { refusalOf } from "@/lib/protection/judge-refusal";
import { redisUrl, uniquePrefix } from "../fixtures/services";

// The judge guard's standings in the shared Redis (unique key prefix): two instances of the
// guard, as two web instances behind the load balancer, share one requester's caps and cooldowns.

const HARD_KILL = { verdict: "time_limit_exceeded", resources: { cpuMs: 2_500 } };
const ACCEPTED = { verdict: "accepted", resources: { cpuMs: 30 } };

const clients: Redis[] = [];
const prefix = uniquePrefix("judge-guard");

afterAll(async () => {
  const redis = clients[0];
  if (redis) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  for (const client of clients) client.disconnect();
});

function instance(clock: ManualClock, store: GuardStore): JudgeGuard {
  const admission = () =>
    new JudgeAdmission({
      concurrency: 4,
      maxQueued: 8,
      maxWaitMs: 60_000,
      clock: new SystemClock(),
      timers: systemTimers,
    });
  return new JudgeGuard({
    clock,
    main: admission(),
    probation: admission(),
    maxActivePerLearner: 2,
    maxActivePerIp: 3,
    cooldownMs: 15_000,
    maxCooldownMs: 300_000,
    windowMs: 600_000,
    ipStrikes: 3,
    hardKillMs: 1_850,
    store,
  });
}

function sharedStore(): RedisGuardStore {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  redis.on("error", () => {});
  clients.push(redis);
  return new RedisGuardStore(redis, prefix);
}

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "judged";
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return refusal.reason;
  }
}

describe("the judge guard across instances, in Redis", () => {
  test("two instances share one session's cap of judges under way", async () => {
    const clock = new ManualClock(Date.now());
    const [a, b] = [instance(clock, sharedStore()), instance(clock, sharedStore())];
    const eve = { learner: "eve-cap", ip: "198.51.100.50" };
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const slow = async (): Promise<JudgedDocument> => {
      await held;
      return ACCEPTED;
    };
    const running = [a.run(eve, slow), b.run(eve, slow)];
    // Let both take their places before a third asks, on either instance.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await reasonOf(a.run(eve, async () => ACCEPTED))).toBe("too-many-at-once");
    expect(await reasonOf(b.run(eve, async () => ACCEPTED))).toBe("too-many-at-once");
    finish();
    await Promise.all(running);
    // The places were given back on both.
    expect(await reasonOf(b.run(eve, async () => ACCEPTED))).toBe("judged");
  });

  test("a hard kill on one instance pauses the requester on the other, and the cooldown ends", async () => {
    const clock = new ManualClock(Date.now());
    const [a, b] = [instance(clock, sharedStore()), instance(clock, sharedStore())];
    const eve = { learner: "eve-cooldown", ip: "198.51.100.51" };
    await a.run(eve, async () => HARD_KILL);
    expect(await reasonOf(b.run(eve, async () => ACCEPTED))).toBe("paused");
    clock.advance(15_000);
    expect(await reasonOf(b.run(eve, async () => ACCEPTED))).toBe("judged");
  });

  test("three hard kills from one address spread over instances pause the address for new sessions", async () => {
    const clock = new ManualClock(Date.now());
    const guards = [instance(clock, sharedStore()), instance(clock, sharedStore())];
    const ip = "198.51.100.52";
    for (let i = 0; i < 3; i++) {
      await guards[i % 2]!.run({ learner: `session-${i}`, ip }, async () => HARD_KILL);
    }
    const fresh = { learner: "session-new", ip };
    expect(await reasonOf(guards[1]!.run(fresh, async () => ACCEPTED))).toBe("paused");
  });

  test("a lease of an instance that died mid-judge stops counting once it expires", async () => {
    const clock = new ManualClock(Date.now());
    const store = sharedStore();
    const guard = instance(clock, store);
    const eve = { learner: "eve-crash", ip: "198.51.100.53" };
    // The dead instance's two places, never given back.
    await store.enter(`learner:${eve.learner}`, 2, clock.now(), 60_000);
    await store.enter(`learner:${eve.learner}`, 2, clock.now(), 60_000);
    expect(await reasonOf(guard.run(eve, async () => ACCEPTED))).toBe("too-many-at-once");
    clock.advance(60_001);
    expect(await reasonOf(guard.run(eve, async () => ACCEPTED))).toBe("judged");
    const ttl = await clients.at(-1)!.pttl(`${prefix}guard:{learner:${eve.learner}}:standing`);
    expect(ttl).toBeGreaterThan(0);
  });

  test("while Redis cannot be reached, each instance limits on its own", async () => {
    const clock = new ManualClock(Date.now());
    const dead = new Redis("redis://127.0.0.1:1", {
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    dead.on("error", () => {});
    clients.push(dead);
    const failures: unknown[] = [];
    const store = new FallbackGuardStore(
      new RedisGuardStore(dead, prefix),
      new MemoryGuardStore(),
      clock,
      100,
      (error) => failures.push(error),
    );
    const guard = instance(clock, store);
    const eve = { learner: "eve-outage", ip: "198.51.100.54" };
    await guard.run(eve, async () => HARD_KILL);
    expect(await reasonOf(guard.run(eve, async () => ACCEPTED))).toBe("paused");
    expect(failures.length).toBeGreaterThan(0);
  });
});
