import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  type BucketRequest,
  type BucketStore,
  type Decision,
  KeyedLimiter,
  ManualClock,
  MemoryBucketStore,
  SharedLimiter,
  StoreTimeoutError,
  keyedTokenBucket,
} from "@/lib/limiters";

const plans = { free: { capacity: 10, perSecond: 5 } };

/** A store whose behaviour the test switches: answer from memory, fail fast, or never answer. */
class SwitchableStore implements BucketStore {
  mode: "up" | "error" | "hang" | "answer-on-socket" = "up";
  calls = 0;
  private readonly memory = new MemoryBucketStore();
  take(key: string, request: BucketRequest): Promise<Decision> {
    this.calls++;
    if (this.mode === "error") return Promise.reject(new Error("ECONNREFUSED"));
    if (this.mode === "hang") return new Promise(() => {});
    if (this.mode === "answer-on-socket") {
      // As a Redis reply is read: in the loop's poll phase, after the timers of that turn.
      return new Promise((resolve, reject) =>
        setImmediate(() => {
          this.memory.take(key, request).then(resolve, reject);
        }),
      );
    }
    return this.memory.take(key, request);
  }
}

describe("MemoryBucketStore", () => {
  test("reproduces the notes' token bucket sequence: 10, 5, 10, then capped at 10", async () => {
    const store = new MemoryBucketStore();
    const burst = async (now: number) => {
      let allowed = 0;
      for (let i = 0; i < 15; i++) {
        if ((await store.take("k", { capacity: 10, perSecond: 5, cost: 1, now })).allowed)
          allowed++;
      }
      return allowed;
    };
    expect([await burst(0), await burst(1_000), await burst(3_000), await burst(63_000)]).toEqual([
      10, 5, 10, 10,
    ]);
  });

  test("decides exactly like the keyed token bucket on any schedule", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: 3_000 }), fc.integer({ min: 1, max: 4 })), {
          maxLength: 80,
        }),
        async (steps) => {
          const clock = new ManualClock(0);
          const keyed = new KeyedLimiter({ algorithm: keyedTokenBucket, plans, maxKeys: 5, clock });
          const store = new MemoryBucketStore();
          for (const [wait, cost] of steps) {
            clock.advance(wait);
            const expected = keyed.tryAcquire("k", cost);
            const actual = await store.take("k", { ...plans.free, cost, now: clock.now() });
            expect(actual).toEqual(expected);
          }
        },
      ),
    );
  });

  test("a caller whose clock is behind gets no refill and cannot rewind the bucket", async () => {
    const store = new MemoryBucketStore();
    const take = (now: number) => store.take("k", { capacity: 2, perSecond: 1, cost: 1, now });
    await take(10_000);
    await take(10_000);
    expect((await take(9_000)).allowed).toBe(false); // 1 s behind: no credit for "negative" time
    expect((await take(10_999)).allowed).toBe(false);
    expect((await take(11_000)).allowed).toBe(true);
  });

  test("keys expire after twice their refill time, and the hard cap evicts the oldest", async () => {
    const store = new MemoryBucketStore(3);
    for (const key of ["a", "b", "c", "d"]) {
      await store.take(key, { capacity: 10, perSecond: 5, cost: 1, now: 0 });
    }
    expect(store.size).toBe(3);
    await store.take("e", { capacity: 10, perSecond: 5, cost: 1, now: 4_000 }); // ttl 4 s
    expect(store.size).toBe(1);
  });
});

describe("SharedLimiter failure policy", () => {
  function setup(policy: "open" | "closed" | "closed-no-fallback", timeoutMs = 50) {
    const clock = new ManualClock(0);
    const store = new SwitchableStore();
    const failures: unknown[] = [];
    const fallback = new KeyedLimiter({
      algorithm: keyedTokenBucket,
      plans: { free: { capacity: 3, perSecond: 1 } },
      maxKeys: 100,
      clock,
    });
    const limiter = new SharedLimiter({
      store,
      plans,
      policy:
        policy === "open"
          ? { mode: "fail-open" }
          : { mode: "fail-closed", fallback: policy === "closed" ? fallback : undefined },
      timeoutMs,
      clock,
      onStoreFailure: (error) => failures.push(error),
    });
    return { clock, store, failures, limiter };
  }

  async function allowedOf(limiter: SharedLimiter, n: number) {
    const decisions = [];
    for (let i = 0; i < n; i++) decisions.push(await limiter.tryAcquire("user"));
    return decisions;
  }

  test("with the store up, decisions come from the store", async () => {
    const { limiter } = setup("open");
    const decisions = await allowedOf(limiter, 12);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    expect(decisions.every((d) => d.degraded === undefined)).toBe(true);
  });

  test("fail-open admits everything while the store is down, and reports the outage", async () => {
    const { limiter, store, failures } = setup("open");
    store.mode = "error";
    const decisions = await allowedOf(limiter, 50);
    expect(decisions.every((d) => d.allowed && d.degraded === "fail-open")).toBe(true);
    expect(failures).toHaveLength(1); // then it stops asking for retryStoreAfterMs
    expect(store.calls).toBe(1);
  });

  test("fail-closed with a fallback limits locally while the store is down", async () => {
    const { limiter, store, failures } = setup("closed");
    store.mode = "error";
    const decisions = await allowedOf(limiter, 10);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
    expect(decisions.every((d) => d.degraded === "fallback")).toBe(true);
    expect(failures).toHaveLength(1);
  });

  test("fail-closed without a fallback refuses until the store is retried", async () => {
    const { limiter, store, clock } = setup("closed-no-fallback");
    store.mode = "error";
    const first = await limiter.tryAcquire("user");
    expect(first).toMatchObject({ allowed: false, retryAfterMs: 1_000, degraded: "fallback" });
    clock.advance(400);
    expect(await limiter.tryAcquire("user")).toMatchObject({ allowed: false, retryAfterMs: 600 });
  });

  test("a hanging store costs at most the timeout, once per retry interval", async () => {
    const { limiter, store, failures, clock } = setup("open", 40);
    store.mode = "hang";
    const started = performance.now();
    const decision = await limiter.tryAcquire("user");
    const elapsed = performance.now() - started;
    expect(decision).toMatchObject({ allowed: true, degraded: "fail-open" });
    expect(elapsed).toBeGreaterThanOrEqual(35);
    expect(elapsed).toBeLessThan(1_000);
    expect(failures[0]).toBeInstanceOf(StoreTimeoutError);

    const quick = performance.now();
    await allowedOf(limiter, 20);
    expect(performance.now() - quick).toBeLessThan(100);
    expect(store.calls).toBe(1);

    // Once the interval passes, the store is asked again, and a recovered store is used.
    store.mode = "up";
    clock.advance(1_000);
    expect(await limiter.tryAcquire("user")).toMatchObject({ allowed: true, remaining: 9 });
    expect(store.calls).toBe(2);
  });

  test("an answer that came in while the event loop was busy wins over a timeout that expired meanwhile", async () => {
    const { limiter, store, failures } = setup("closed-no-fallback", 20);
    store.mode = "answer-on-socket";
    // From the check phase, so that the loop's next turn runs the expired timer before the reply.
    await new Promise((resolve) => setImmediate(resolve));
    const pending = limiter.tryAcquire("user");
    // A long synchronous stretch (a big render, a judge's bookkeeping) outlasts the timeout.
    const until = performance.now() + 60;
    while (performance.now() < until) {
      // busy
    }
    expect(await pending).toMatchObject({ allowed: true, remaining: 9 });
    expect(failures).toEqual([]);
  });

  test("an unknown plan is misuse and throws", async () => {
    const { limiter } = setup("open");
    await expect(limiter.tryAcquire("user", 1, "gold")).rejects.toThrow(RangeError);
  });
});
