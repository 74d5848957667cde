import { Redis } from "ioredis";
import { afterAll, describe, expect, test } from "vitest";
import { type Clock, ManualClock, SystemClock } from "@/lib/limiters";
import { systemTimers } from "@/lib/time/timers";
import { FallbackGuardStore } from "@/lib/protection/guard-fallback-store";
import { MemoryGuardStore, type GuardStore } from "@/lib/protection/guard-store";
import { RedisGuardStore } from "@/lib/protection/guard-redis-store";
import { JudgeAdmission } from "@/lib/protection/judge-admission";
import { JudgeGuard, type JudgedDocument } from "@/lib/protection/judge-guard";
import { refusalOf } from "@/lib/protection/judge-refusal";
import { redisUrl, uniquePrefix } from "../fixtures/services";

// The judge guard's standings in the shared Redis (a key prefix of this run's own): two instances
// of the guard, as two web instances behind the load balancer, share one requester's caps and
// cooldowns (decision 300).

const HARD_KILL = { verdict: "time_limit_exceeded", resources: { cpuMs: 2_500 } };
const ACCEPTED = { verdict: "accepted", resources: { cpuMs: 30 } };

const clients: Redis[] = [];
const prefix = uniquePrefix("judge-guard");
const LEASE_MS = 60_000;

afterAll(async () => {
  const redis = clients[0];
  if (redis) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  for (const client of clients) client.disconnect();
});

function instance(clock: Clock, store: GuardStore): JudgeGuard {
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
    maxActivePerIp: 4, // the defaults (JUDGE_MAX_ACTIVE_PER_LEARNER, _PER_IP)
    cooldownMs: 15_000,
    maxCooldownMs: 300_000,
    windowMs: 600_000,
    ipStrikes: 3,
    hardKillMs: 1_850,
    leaseMs: LEASE_MS,
    store,
  });
}

function connect(): Redis {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  redis.on("error", () => {});
  clients.push(redis);
  return redis;
}

function sharedStore(redis = connect()): RedisGuardStore {
  return new RedisGuardStore(redis, prefix);
}

/** Places under way in Redis for one requester's key. */
function placesOf(requester: string): Promise<number> {
  return clients[0]!.zcard(`${prefix}guard:{${requester}}:leases`);
}

/** A judge that ends when `finish` is called (never, for an instance that dies mid-judge). */
function heldJudge() {
  let finish!: () => void;
  const held = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish,
    judge: async (): Promise<JudgedDocument> => {
      await held;
      return ACCEPTED;
    },
  };
}

/** A Redis store whose answers come `delayMs` after Redis carried the call out. */
function lateStore(store: GuardStore, delayMs: number): GuardStore {
  const late =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const answer = await call(...args);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return answer;
    };
  return {
    standing: late(store.standing.bind(store)),
    enter: late(store.enter.bind(store)),
    leave: late(store.leave.bind(store)),
    incident: late(store.incident.bind(store)),
    markClean: late(store.markClean.bind(store)),
  };
}

/** The event loop held by synchronous work, as on a loaded machine. */
function busyFor(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
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
    const { finish, judge: slow } = heldJudge();
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

  test("one address is capped at 4 judges under way across two instances, all its sessions together", async () => {
    const clock = new ManualClock(Date.now());
    const [a, b] = [instance(clock, sharedStore()), instance(clock, sharedStore())];
    const guards = [a, b];
    const ip = "198.51.100.55";
    const { finish, judge: slow } = heldJudge();
    const running = [0, 1, 2, 3].map((i) =>
      guards[i % 2]!.run({ learner: `ip-cap-${i}`, ip }, slow),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await placesOf(`ip:${ip}`)).toBe(4);
    // A fifth session from the same address, on either instance, is not started.
    for (const guard of guards) {
      expect(await reasonOf(guard.run({ learner: "ip-cap-new", ip }, async () => ACCEPTED))).toBe(
        "too-many-at-once",
      );
    }
    finish();
    await Promise.all(running);
    expect(await placesOf(`ip:${ip}`)).toBe(0);
    expect(await reasonOf(b.run({ learner: "ip-cap-new", ip }, async () => ACCEPTED))).toBe(
      "judged",
    );
  });

  test("the places of an instance killed mid-judge stop counting once their leases expire", async () => {
    const clock = new ManualClock(Date.now());
    const doomedRedis = connect();
    const doomed = instance(clock, sharedStore(doomedRedis));
    const survivor = instance(clock, sharedStore());
    const eve = { learner: "eve-crash", ip: "198.51.100.53" };
    // Two judges that never end, then the instance's connection goes: nothing is given back.
    const { judge: never } = heldJudge();
    void doomed.run(eve, never);
    void doomed.run(eve, never);
    await new Promise((resolve) => setTimeout(resolve, 200));
    doomedRedis.disconnect();
    expect(await placesOf(`learner:${eve.learner}`)).toBe(2);
    expect(await reasonOf(survivor.run(eve, async () => ACCEPTED))).toBe("too-many-at-once");
    clock.advance(LEASE_MS - 1_000);
    expect(await reasonOf(survivor.run(eve, async () => ACCEPTED))).toBe("too-many-at-once");
    clock.advance(1_001);
    expect(await reasonOf(survivor.run(eve, async () => ACCEPTED))).toBe("judged");
    // Nothing of the requester's stays in Redis for ever.
    const keys = await clients[0]!.keys(`${prefix}guard:{learner:${eve.learner}}:*`);
    for (const key of keys) expect(await clients[0]!.pttl(key)).toBeGreaterThan(0);
  });

  test("answers later than the timeout leave no place taken: one judge at a time is never capped", async () => {
    const clock = new SystemClock();
    const failures: unknown[] = [];
    const guards = [0, 1].map(() =>
      instance(
        clock,
        new FallbackGuardStore(
          lateStore(sharedStore(), 150),
          new MemoryGuardStore(),
          clock,
          50,
          (error) => failures.push(error),
          // Ask Redis at every call: every place is taken there, and answered late.
          0,
        ),
      ),
    );
    const eve = { learner: "eve-late", ip: "198.51.100.56" };
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) {
      outcomes.push(await reasonOf(guards[i % 2]!.run(eve, async () => ACCEPTED)));
    }
    expect(failures.length).toBeGreaterThan(0);
    expect(outcomes).toEqual(Array(6).fill("judged"));
    // Redis carried out each late enter; each was given back.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await placesOf(`learner:${eve.learner}`)).toBe(0);
    expect(await placesOf(`ip:${eve.ip}`)).toBe(0);
  });

  test("an event loop busy past the timeout does not turn an answer already received into a failure", async () => {
    const clock = new SystemClock();
    const failures: unknown[] = [];
    const guard = instance(
      clock,
      new FallbackGuardStore(sharedStore(), new MemoryGuardStore(), clock, 100, (error) =>
        failures.push(error),
      ),
    );
    await clients.at(-1)!.ping();
    const eve = { learner: "eve-busy", ip: "198.51.100.57" };
    for (let i = 0; i < 4; i++) {
      const judged = guard.run(eve, async () => ACCEPTED);
      // Redis answers within a millisecond, while the loop is held for 150.
      busyFor(150);
      expect(await reasonOf(judged)).toBe("judged");
    }
    expect(failures).toEqual([]);
    expect(await placesOf(`learner:${eve.learner}`)).toBe(0);
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
