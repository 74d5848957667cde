import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  type Decision,
  KeyedLimiter,
  ManualClock,
  keyedFixedWindow,
  keyedSlidingCounter,
  keyedSlidingLog,
  keyedTokenBucket,
} from "@/lib/limiters";

type Step = { waitMs: number; cost: number };
type Make = (clock: ManualClock) => KeyedLimiter<unknown>;

const algorithms: [string, Make][] = [
  [
    "token bucket",
    (clock) =>
      new KeyedLimiter({
        algorithm: keyedTokenBucket,
        plans: { p: { capacity: 6, perSecond: 3 } },
        maxKeys: 4,
        clock,
      }) as KeyedLimiter<unknown>,
  ],
  [
    "fixed window",
    (clock) =>
      new KeyedLimiter({
        algorithm: keyedFixedWindow,
        plans: { p: { limit: 6, windowMs: 1_000 } },
        maxKeys: 4,
        clock,
      }) as KeyedLimiter<unknown>,
  ],
  [
    "sliding counter",
    (clock) =>
      new KeyedLimiter({
        algorithm: keyedSlidingCounter,
        plans: { p: { limit: 6, windowMs: 1_000 } },
        maxKeys: 4,
        clock,
      }) as KeyedLimiter<unknown>,
  ],
  [
    "sliding log",
    (clock) =>
      new KeyedLimiter({
        algorithm: keyedSlidingLog,
        plans: { p: { limit: 6, windowMs: 1_000 } },
        maxKeys: 4,
        clock,
      }) as KeyedLimiter<unknown>,
  ],
];

const steps = fc.array(
  fc.record({
    waitMs: fc.oneof(
      fc.constant(0),
      fc.integer({ min: 0, max: 400 }),
      fc.integer({ min: 0, max: 3_000 }),
    ),
    cost: fc.integer({ min: 1, max: 7 }),
  }),
  { minLength: 1, maxLength: 40 },
);

/** A limiter that has seen `history`, its clock at the last step, and its last decision. */
function replayed(make: Make, history: Step[]) {
  const clock = new ManualClock(1_000_000);
  const limiter = make(clock);
  let last: Decision | undefined;
  for (const { waitMs, cost } of history) {
    clock.advance(waitMs);
    last = limiter.tryAcquire("k", cost);
  }
  return { clock, limiter, last: last! };
}

describe("a refusal's retryAfterMs is the exact first moment the request would pass", () => {
  for (const [name, make] of algorithms) {
    test(`${name}: still refused 1 ms before retryAfterMs, admitted at it`, () => {
      fc.assert(
        fc.property(steps, (history) => {
          const { last: decision } = replayed(make, history);
          const { cost } = history.at(-1)!;
          if (decision.allowed || cost > 6) {
            expect(decision.retryAfterMs).toBe(decision.allowed ? 0 : Infinity);
            return;
          }
          expect(decision.retryAfterMs).toBeGreaterThan(0);
          expect(Number.isInteger(decision.retryAfterMs)).toBe(true);

          const early = replayed(make, history);
          early.clock.advance(decision.retryAfterMs - 1);
          expect(early.limiter.tryAcquire("k", cost).allowed).toBe(false);

          const onTime = replayed(make, history);
          onTime.clock.advance(decision.retryAfterMs);
          expect(onTime.limiter.tryAcquire("k", cost).allowed).toBe(true);
        }),
      );
    });
  }
});
