import fc from "fast-check";
import { describe, expect, test } from "vitest";
import * as dtb from "@/content/courses/system-design/lessons/01.rate-limiter/exercises/08.distributed-token-bucket/solution";
import * as fw from "@/content/courses/system-design/lessons/01.rate-limiter/exercises/01.fixed-window/solution";
import * as sl from "@/content/courses/system-design/lessons/01.rate-limiter/exercises/02.sliding-log/solution";
import * as sc from "@/content/courses/system-design/lessons/01.rate-limiter/exercises/03.sliding-counter/solution";
import * as tb from "@/content/courses/system-design/lessons/01.rate-limiter/exercises/04.token-bucket/solution";
import * as lb from "@/content/courses/system-design/lessons/01.rate-limiter/exercises/05.leaky-bucket/solution";
import * as kl from "@/content/courses/system-design/lessons/01.rate-limiter/exercises/06.keyed-limiter/solution";
import * as ha from "@/content/courses/system-design/lessons/01.rate-limiter/exercises/07.http-answer/solution";
import * as lib from "@/lib/limiters";

// Each exercise's solution.ts is the judge's reference; it must decide exactly as the course's
// limiters in lib/limiters do, or the exercises would teach something the lesson does not say.

const gaps = fc.array(
  fc.record({
    dt: fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 2500 }),
      fc.constantFrom(999, 1000, 1001),
    ),
    count: fc.integer({ min: 1, max: 5 }),
    n: fc.integer({ min: 1, max: 4 }),
  }),
  { maxLength: 40 },
);

interface Allow {
  allow(): boolean;
}

function replay(make: (clock: lib.ManualClock) => Allow, trace: { dt: number; count: number }[]) {
  const clock = new lib.ManualClock();
  const limiter = make(clock);
  const out: boolean[] = [];
  for (const { dt, count } of trace) {
    clock.advance(dt);
    for (let i = 0; i < count; i++) out.push(limiter.allow());
  }
  return out;
}

describe("window limiters", () => {
  const config = fc.record({
    limit: fc.integer({ min: 0, max: 6 }),
    windowMs: fc.oneof(fc.constantFrom(1000, 60_000), fc.integer({ min: 1, max: 3000 })),
  });
  test.each([
    ["FixedWindow", fw.FixedWindow, lib.FixedWindow],
    ["SlidingLog", sl.SlidingLog, lib.SlidingLog],
    ["SlidingCounter", sc.SlidingCounter, lib.SlidingCounter],
  ] as const)("%s decides as the course's reference", (_name, Solution, Reference) => {
    fc.assert(
      fc.property(config, gaps, ({ limit, windowMs }, trace) => {
        const mine = replay((c) => new Solution(limit, windowMs, c), trace);
        const theirs = replay((c) => new Reference(limit, windowMs, c), trace);
        expect(mine).toEqual(theirs);
      }),
      { numRuns: 150 },
    );
  });
});

describe("buckets", () => {
  const config = fc.record({
    capacity: fc.integer({ min: 1, max: 8 }),
    perSecond: fc.constantFrom(0.5, 1, 2.5, 3, 5, 10),
  });

  test("TokenBucket decides and counts tokens as the course's reference", () => {
    fc.assert(
      fc.property(config, gaps, ({ capacity, perSecond }, trace) => {
        const clock = new lib.ManualClock();
        const mine = new tb.TokenBucket(capacity, perSecond, clock);
        const theirs = new lib.TokenBucket(capacity, perSecond, clock);
        for (const { dt, count, n } of trace) {
          clock.advance(dt);
          for (let i = 0; i < count; i++) expect(mine.tryAcquire(n)).toBe(theirs.tryAcquire(n));
          expect(mine.available()).toBe(theirs.available());
        }
      }),
      { numRuns: 150 },
    );
  });

  test("LeakyBucket and LeakyShaper decide as the course's reference", () => {
    fc.assert(
      fc.property(config, gaps, ({ capacity, perSecond }, trace) => {
        const clock = new lib.ManualClock();
        const meter = [
          new lb.LeakyBucket(capacity, perSecond, clock),
          new lib.LeakyBucket(capacity, perSecond, clock),
        ];
        const shaper = [
          new lb.LeakyShaper(capacity, perSecond, clock),
          new lib.LeakyShaper(capacity, perSecond, clock),
        ];
        for (const { dt, count } of trace) {
          clock.advance(dt);
          for (let i = 0; i < count; i++) {
            expect(meter[0]!.allow()).toBe(meter[1]!.allow());
            expect(shaper[0]!.schedule()).toBe(shaper[1]!.schedule());
          }
          expect(meter[0]!.level()).toBe(meter[1]!.level());
          expect(shaper[0]!.queued()).toBe(shaper[1]!.queued());
        }
      }),
      { numRuns: 150 },
    );
  });
});

test("KeyedLimiter decides and forgets keys as the course's reference", () => {
  const config = fc.record({
    capacity: fc.integer({ min: 1, max: 3 }),
    perSecond: fc.constantFrom(0.5, 1, 2, 5),
    maxKeys: fc.integer({ min: 1, max: 4 }),
    forgetIdleAfterMs: fc.constantFrom(0, 1000, 10_000),
  });
  const steps = fc.array(
    fc.record({
      dt: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 6000 })),
      key: fc.constantFrom("a", "b", "c", "d", "e"),
      cost: fc.integer({ min: 1, max: 2 }),
    }),
    { maxLength: 60 },
  );
  fc.assert(
    fc.property(config, steps, ({ capacity, perSecond, maxKeys, forgetIdleAfterMs }, trace) => {
      const clock = new lib.ManualClock();
      const mine = new kl.KeyedLimiter({ capacity, perSecond, maxKeys, forgetIdleAfterMs, clock });
      const theirs = new lib.KeyedLimiter({
        algorithm: lib.keyedTokenBucket,
        plans: { default: { capacity, perSecond } },
        maxKeys,
        forgetIdleAfterMs,
        clock,
      });
      for (const { dt, key, cost } of trace) {
        clock.advance(dt);
        expect(mine.tryAcquire(key, cost)).toBe(theirs.tryAcquire(key, cost).allowed);
        expect(mine.size).toBe(theirs.size);
      }
    }),
    { numRuns: 200 },
  );
});

test("the HTTP answer matches the course's reference", () => {
  const decision = fc.record(
    {
      allowed: fc.boolean(),
      limit: fc.integer({ min: 0, max: 1000 }),
      remaining: fc.integer({ min: -5, max: 1000 }),
      resetMs: fc.integer({ min: 0, max: 120_000 }),
      retryAfterMs: fc.oneof(fc.integer({ min: 0, max: 120_000 }), fc.constant(Infinity)),
      degraded: fc.constantFrom("fail-open" as const, "fallback" as const),
    },
    { requiredKeys: ["allowed", "limit", "remaining", "resetMs", "retryAfterMs"] },
  );
  fc.assert(
    fc.property(
      decision,
      fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
      (d, policy) => {
        const options = policy === undefined ? {} : { policy };
        expect(ha.rateLimitHeaders(d)).toEqual(lib.rateLimitHeaders(d));
        expect(ha.httpAnswer(d, options)).toEqual(lib.httpAnswer(d, options));
      },
    ),
    { numRuns: 300 },
  );
});

test("the distributed bucket decides as the course's shared store, one request at a time", async () => {
  // A store whose update runs at once: sequential requests, where the shared store's semantics apply.
  const data = new Map<string, unknown>();
  const store = {
    update: async <T, R>(key: string, fn: (current: T | undefined) => { value: T; result: R }) => {
      const { value, result } = fn(data.get(key) as T | undefined);
      data.set(key, value);
      return result;
    },
  };
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 6 }),
      fc.constantFrom(0.5, 1, 2.5, 5),
      gaps,
      async (capacity, perSecond, trace) => {
        data.clear();
        const clock = new lib.ManualClock();
        const mine = new dtb.DistributedTokenBucket(
          store as never,
          "k",
          capacity,
          perSecond,
          clock,
        );
        const theirs = new lib.MemoryBucketStore();
        for (const { dt, count, n } of trace) {
          clock.advance(dt);
          for (let i = 0; i < count; i++) {
            const expected = await theirs.take("k", {
              capacity,
              perSecond,
              cost: n,
              now: clock.now(),
            });
            expect(await mine.tryAcquire(n)).toBe(expected.allowed);
          }
        }
      },
    ),
    { numRuns: 100 },
  );
});
