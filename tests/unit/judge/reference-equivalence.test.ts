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
import * as gcra from "@/content/courses/system-design/lessons/01.rate-limiter/exercises/09.gcra/solution";
import * as cl from "@/content/courses/system-design/lessons/01.rate-limiter/exercises/10.concurrency-limiter/solution";
import * as pr from "@/content/courses/system-design/lessons/01.rate-limiter/exercises/11.polite-retries/solution";
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

describe("the exercises beyond one limiter", () => {
  test("Gcra decides and answers retry-after as the course's reference", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom(0.5, 1, 2, 3, 5, 7, 10),
        gaps,
        (capacity, perSecond, trace) => {
          const clock = new lib.ManualClock();
          const mine = new gcra.Gcra(capacity, perSecond, clock);
          const theirs = new lib.Gcra(capacity, perSecond, clock);
          for (const { dt, count, n } of trace) {
            clock.advance(dt);
            expect(mine.retryAfterMs(n)).toBe(theirs.retryAfterMs(n));
            for (let i = 0; i < count; i++) expect(mine.tryAcquire(n)).toBe(theirs.tryAcquire(n));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  test("ConcurrencyLimiter admits, finishes and expires as the course's reference", () => {
    const op = fc.record({
      dt: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 700 })),
      kind: fc.constantFrom("critical", "normal", "finish", "count"),
      pick: fc.nat(),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.nat({ max: 6 }),
        fc.integer({ min: 1, max: 1500 }),
        fc.array(op, { maxLength: 60 }),
        (max, reserved, leaseMs, ops) => {
          fc.pre(reserved <= max);
          const clock = new lib.ManualClock();
          const options = { maxInFlight: max, reservedForCritical: reserved, leaseMs, clock };
          const mine = new cl.ConcurrencyLimiter(options);
          const theirs = new lib.ConcurrencyLimiter(options);
          const issued: number[] = [];
          for (const { dt, kind, pick } of ops) {
            clock.advance(dt);
            if (kind === "finish") {
              const permit = issued[pick % Math.max(1, issued.length)] ?? 0;
              expect(mine.finish(permit)).toBe(theirs.finish(permit));
            } else if (kind === "count") {
              expect(mine.inFlight()).toBe(theirs.inFlight());
            } else {
              const a = mine.tryStart(kind);
              expect(a).toBe(theirs.tryStart(kind));
              if (a !== null) issued.push(a);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  test("RetryPolicy gives the course's reference delays for the same random numbers", () => {
    const headers = [
      undefined,
      null,
      "",
      "0",
      "3",
      " 12 ",
      "1.5",
      "Tue, 01 Dec 2026 12:00:09 GMT",
      "soon",
    ];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            attempt: fc.integer({ min: 1, max: 10 }),
            status: fc.constantFrom(200, 400, 429, 500, 503),
            header: fc.constantFrom(...headers),
            roll: fc.double({ min: 0, max: 0.999999, noNaN: true }),
          }),
          { maxLength: 40 },
        ),
        (calls) => {
          const clock = new lib.ManualClock(Date.UTC(2026, 11, 1, 12, 0, 0));
          let roll = 0; // both policies draw the same number for the same call
          const base = { baseMs: 250, capMs: 4000, maxAttempts: 7, maxWaitMs: 15_000, clock };
          const mine = new pr.RetryPolicy({ ...base, random: () => roll });
          const theirs = new lib.RetryPolicy({ ...base, random: () => roll });
          for (const call of calls) {
            roll = call.roll;
            const response = { status: call.status, retryAfter: call.header };
            expect(mine.delayAfter(call.attempt, response)).toBe(
              theirs.delayAfter(call.attempt, response),
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
