import { describe, expect, test } from "vitest";
import {
  KeyedLimiter,
  ManualClock,
  keyedFixedWindow,
  keyedSlidingCounter,
  keyedSlidingLog,
  keyedTokenBucket,
} from "@/lib/limiters";

function buckets(clock: ManualClock, maxKeys = 1_000, forgetIdleAfterMs = 0) {
  return new KeyedLimiter({
    algorithm: keyedTokenBucket,
    plans: { free: { capacity: 10, perSecond: 1 }, pro: { capacity: 100, perSecond: 10 } },
    maxKeys,
    forgetIdleAfterMs,
    clock,
  });
}

describe("KeyedLimiter", () => {
  test("each key has its own bucket", () => {
    const limiter = buckets(new ManualClock(0));
    for (let i = 0; i < 10; i++) expect(limiter.tryAcquire("alice").allowed).toBe(true);
    expect(limiter.tryAcquire("alice").allowed).toBe(false);
    expect(limiter.tryAcquire("bob").allowed).toBe(true);
  });

  test("plans from configuration set each key's capacity and the first plan is the default", () => {
    const limiter = buckets(new ManualClock(0));
    let free = 0;
    let pro = 0;
    for (let i = 0; i < 200; i++) {
      if (limiter.tryAcquire("f").allowed) free++;
      if (limiter.tryAcquire("p", 1, "pro").allowed) pro++;
    }
    expect([free, pro]).toEqual([10, 100]);
  });

  test("a request's cost is taken from the quota in one decision", () => {
    const limiter = buckets(new ManualClock(0));
    expect(limiter.tryAcquire("k", 7)).toMatchObject({ allowed: true, remaining: 3 });
    expect(limiter.tryAcquire("k", 4)).toMatchObject({ allowed: false, remaining: 3 });
    expect(limiter.tryAcquire("k", 3)).toMatchObject({ allowed: true, remaining: 0 });
  });

  test("unknown plans and non-integer costs are misuse and throw", () => {
    const limiter = buckets(new ManualClock(0));
    expect(() => limiter.tryAcquire("k", 1, "gold")).toThrow(RangeError);
    expect(() => limiter.tryAcquire("k", 0)).toThrow(RangeError);
    expect(() => limiter.tryAcquire("k", 1.5)).toThrow(RangeError);
    expect(() => new KeyedLimiter({ ...options(), defaultPlan: "gold" })).toThrow(RangeError);
    expect(
      () => new KeyedLimiter({ ...options(), plans: { bad: { capacity: 0, perSecond: 1 } } }),
    ).toThrow(RangeError);
  });

  test("keys whose bucket has refilled are forgotten as traffic flows", () => {
    const clock = new ManualClock(0);
    const limiter = buckets(clock);
    for (let i = 0; i < 500; i++) limiter.tryAcquire(`burst-${i}`);
    expect(limiter.size).toBe(500);
    // One token per second and one spent: full again after a second, so every old key is fresh.
    clock.advance(1_000);
    for (let i = 0; i < 300; i++) limiter.tryAcquire("steady");
    expect(limiter.size).toBe(1);
  });

  test("a fresh key is kept until it has also been idle for forgetIdleAfterMs", () => {
    const clock = new ManualClock(0);
    const limiter = buckets(clock, 1_000, 10_000);
    limiter.tryAcquire("a");
    clock.advance(9_999); // a's bucket is full again, but a was used under 10 s ago
    limiter.tryAcquire("b");
    expect(limiter.size).toBe(2);
    clock.advance(1);
    limiter.tryAcquire("b");
    expect(limiter.size).toBe(1);
  });

  test("a key that is not yet fresh is kept", () => {
    const clock = new ManualClock(0);
    const limiter = buckets(clock);
    limiter.tryAcquire("a");
    clock.advance(999);
    for (let i = 0; i < 10; i++) limiter.tryAcquire("b");
    expect(limiter.size).toBe(2);
    expect(limiter.sweep()).toBe(0);
    clock.advance(1);
    expect(limiter.sweep()).toBe(1);
    expect(limiter.size).toBe(1);
  });

  test("the hard cap evicts the least recently used key", () => {
    const clock = new ManualClock(0);
    const limiter = buckets(clock, 3);
    for (const key of ["a", "b", "c"]) limiter.tryAcquire(key, 10);
    limiter.tryAcquire("a", 1); // a is now the most recently used (and still empty)
    limiter.tryAcquire("d", 10); // evicts b, the least recently used
    expect(limiter.size).toBe(3);
    expect(limiter.tryAcquire("a").allowed).toBe(false); // a kept its empty bucket
    expect(limiter.tryAcquire("b").allowed).toBe(true); // b came back fresh
  });

  test("a hundred thousand distinct keys never hold more than the cap", () => {
    const limiter = buckets(new ManualClock(0), 1_000);
    for (let i = 0; i < 100_000; i++) limiter.tryAcquire(`user-${i}`, 10);
    expect(limiter.size).toBe(1_000);
  });

  test("fixed window decisions report the window's remaining count and reset", () => {
    const clock = new ManualClock(15_000);
    const limiter = new KeyedLimiter({
      algorithm: keyedFixedWindow,
      plans: { p: { limit: 3, windowMs: 60_000 } },
      maxKeys: 10,
      clock,
    });
    expect(limiter.tryAcquire("k")).toEqual({
      allowed: true,
      limit: 3,
      remaining: 2,
      resetMs: 45_000,
      retryAfterMs: 0,
    });
    limiter.tryAcquire("k", 2);
    expect(limiter.tryAcquire("k")).toEqual({
      allowed: false,
      limit: 3,
      remaining: 0,
      resetMs: 45_000,
      retryAfterMs: 45_000,
    });
    expect(limiter.tryAcquire("k", 4).retryAfterMs).toBe(Infinity);
  });

  test("sliding counter reports when the faded previous window lets a request through", () => {
    const clock = new ManualClock(0);
    const limiter = new KeyedLimiter({
      algorithm: keyedSlidingCounter,
      plans: { p: { limit: 100, windowMs: 60_000 } },
      maxKeys: 10,
      clock,
    });
    clock.advance(59_000);
    for (let i = 0; i < 100; i++) limiter.tryAcquire("k");
    clock.advance(1_000);
    // previous = 100 fades by 100/60s: below 100 one millisecond into the window.
    expect(limiter.tryAcquire("k")).toMatchObject({
      allowed: false,
      remaining: 0,
      retryAfterMs: 1,
    });
    clock.advance(30_000);
    // estimate 50: 50 more fit; the quota is whole again at the end of this window.
    expect(limiter.tryAcquire("k")).toMatchObject({
      allowed: true,
      remaining: 49,
      resetMs: 90_000,
    });
  });

  test("sliding log reports when its oldest entries age out", () => {
    const clock = new ManualClock(0);
    const limiter = new KeyedLimiter({
      algorithm: keyedSlidingLog,
      plans: { p: { limit: 3, windowMs: 10_000 } },
      maxKeys: 10,
      clock,
    });
    limiter.tryAcquire("k");
    clock.advance(2_000);
    limiter.tryAcquire("k", 2);
    clock.advance(1_000);
    expect(limiter.tryAcquire("k")).toEqual({
      allowed: false,
      limit: 3,
      remaining: 0,
      resetMs: 9_000,
      retryAfterMs: 7_000,
    });
    expect(limiter.tryAcquire("k", 3).retryAfterMs).toBe(9_000);
  });
});

function options() {
  return {
    algorithm: keyedTokenBucket,
    plans: { free: { capacity: 10, perSecond: 1 } },
    maxKeys: 10,
    clock: new ManualClock(0),
  };
}
