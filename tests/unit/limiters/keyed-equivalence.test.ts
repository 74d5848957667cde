import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  FixedWindow,
  KeyedLimiter,
  type Limiter,
  ManualClock,
  SlidingCounter,
  SlidingLog,
  TokenBucket,
  keyedFixedWindow,
  keyedSlidingCounter,
  keyedSlidingLog,
  keyedTokenBucket,
} from "@/lib/limiters";

// A schedule: for each step, how long to wait and which key asks how many times.
const schedule = fc.array(
  fc.record({
    waitMs: fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 5_000 })),
    key: fc.constantFrom("a", "b", "c"),
    requests: fc.integer({ min: 1, max: 6 }),
  }),
  { maxLength: 300 },
);

type Variant = {
  name: string;
  single: (clock: ManualClock) => Limiter;
  keyed: (clock: ManualClock) => { tryAcquire(key: string): { allowed: boolean } };
};

const variants: Variant[] = [
  {
    name: "token bucket",
    single: (clock) => new TokenBucket(5, 3, clock),
    keyed: (clock) =>
      new KeyedLimiter({
        algorithm: keyedTokenBucket,
        plans: { p: { capacity: 5, perSecond: 3 } },
        maxKeys: 10,
        forgetIdleAfterMs: 0, // forget as eagerly as allowed, to prove it changes nothing
        clock,
      }),
  },
  {
    name: "fixed window",
    single: (clock) => new FixedWindow(4, 1_000, clock),
    keyed: (clock) =>
      new KeyedLimiter({
        algorithm: keyedFixedWindow,
        plans: { p: { limit: 4, windowMs: 1_000 } },
        maxKeys: 10,
        forgetIdleAfterMs: 0, // forget as eagerly as allowed, to prove it changes nothing
        clock,
      }),
  },
  {
    name: "sliding counter",
    single: (clock) => new SlidingCounter(7, 1_000, clock),
    keyed: (clock) =>
      new KeyedLimiter({
        algorithm: keyedSlidingCounter,
        plans: { p: { limit: 7, windowMs: 1_000 } },
        maxKeys: 10,
        forgetIdleAfterMs: 0, // forget as eagerly as allowed, to prove it changes nothing
        clock,
      }),
  },
  {
    name: "sliding log",
    single: (clock) => new SlidingLog(6, 1_000, clock),
    keyed: (clock) =>
      new KeyedLimiter({
        algorithm: keyedSlidingLog,
        plans: { p: { limit: 6, windowMs: 1_000 } },
        maxKeys: 10,
        forgetIdleAfterMs: 0, // forget as eagerly as allowed, to prove it changes nothing
        clock,
      }),
  },
];

describe("the keyed forms decide exactly like the single-key classes", () => {
  for (const variant of variants) {
    test(`${variant.name}: every decision matches, including after idle keys are forgotten`, () => {
      fc.assert(
        fc.property(schedule, (steps) => {
          const clock = new ManualClock(0);
          const keyed = variant.keyed(clock);
          const singles = new Map<string, Limiter>();
          for (const { waitMs, key, requests } of steps) {
            clock.advance(waitMs);
            let single = singles.get(key);
            if (!single) singles.set(key, (single = variant.single(clock)));
            for (let i = 0; i < requests; i++) {
              expect(keyed.tryAcquire(key).allowed).toBe(single.allow());
            }
          }
        }),
      );
    });
  }
});
