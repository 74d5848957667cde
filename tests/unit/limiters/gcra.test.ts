import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Gcra, ManualClock, TokenBucket } from "@/lib/limiters";

// Rates whose per-millisecond refill (perSecond / 1000) and interval (1000 / perSecond) are both
// exact in binary, so the token bucket's sums carry no rounding and a tie is a real tie.
const exactRates = [500, 250, 125, 62.5, 31.25, 15.625, 7.8125, 3.90625, 1.953125];

const trace = fc.record({
  capacity: fc.integer({ min: 1, max: 12 }),
  perSecond: fc.constantFrom(...exactRates),
  steps: fc.array(
    fc.record({
      gap: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 0, max: 64 }),
        fc.integer({ min: 0, max: 5000 }),
      ),
      cost: fc.integer({ min: 1, max: 4 }),
    }),
    { minLength: 1, maxLength: 300 },
  ),
});

describe("Gcra", () => {
  test("admits exactly the requests a token bucket of the same capacity and rate admits", () => {
    fc.assert(
      fc.property(trace, ({ capacity, perSecond, steps }) => {
        const clock = new ManualClock(0);
        const gcra = new Gcra(capacity, perSecond, clock);
        const bucket = new TokenBucket(capacity, perSecond, clock);
        for (const { gap, cost } of steps) {
          clock.advance(gap);
          expect(gcra.tryAcquire(cost)).toBe(bucket.tryAcquire(cost));
        }
      }),
      { numRuns: 300 },
    );
  });

  test("a fresh limiter admits a burst of its capacity, then one request per interval", () => {
    const clock = new ManualClock(0);
    const gcra = new Gcra(10, 5, clock);
    let admitted = 0;
    for (let i = 0; i < 15; i++) if (gcra.allow()) admitted++;
    expect(admitted).toBe(10);
    clock.advance(199);
    expect(gcra.allow()).toBe(false);
    clock.advance(1);
    expect(gcra.allow()).toBe(true);
    expect(gcra.allow()).toBe(false);
  });

  test("a refused request leaves the one stored number untouched", () => {
    const clock = new ManualClock(1000);
    const gcra = new Gcra(2, 4, clock);
    gcra.tryAcquire(2);
    const before = gcra.theoreticalArrivalTime();
    expect(gcra.tryAcquire(1)).toBe(false);
    expect(gcra.theoreticalArrivalTime()).toBe(before);
    expect(before).toBe(1500);
  });

  test("retryAfterMs is the wait after which the request is admitted and not one ms sooner", () => {
    fc.assert(
      fc.property(trace, fc.integer({ min: 1, max: 4 }), ({ capacity, perSecond, steps }, n) => {
        fc.pre(n <= capacity);
        // Two limiters with the same history: one is asked one millisecond early, one on time.
        const replay = () => {
          const clock = new ManualClock(0);
          const gcra = new Gcra(capacity, perSecond, clock);
          for (const { gap, cost } of steps) {
            clock.advance(gap);
            gcra.tryAcquire(cost);
          }
          return { clock, gcra };
        };
        const early = replay();
        const onTime = replay();
        const wait = onTime.gcra.retryAfterMs(n);
        if (wait >= 1) {
          early.clock.advance(wait - 1);
          expect(early.gcra.tryAcquire(n)).toBe(false);
        }
        onTime.clock.advance(wait);
        expect(onTime.gcra.tryAcquire(n)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  test("a request costing more than the capacity is never admitted and never worth waiting for", () => {
    const clock = new ManualClock(0);
    const gcra = new Gcra(3, 1, clock);
    expect(gcra.tryAcquire(4)).toBe(false);
    expect(gcra.retryAfterMs(4)).toBe(Infinity);
    clock.advance(3_600_000);
    expect(gcra.tryAcquire(4)).toBe(false);
    expect(gcra.tryAcquire(3)).toBe(true);
  });

  test("misuse is refused with a RangeError naming the argument", () => {
    const clock = new ManualClock(0);
    expect(() => new Gcra(0, 1, clock)).toThrow(/capacity/);
    expect(() => new Gcra(1, 0, clock)).toThrow(/perSecond/);
    expect(() => new Gcra(1, 1, clock).tryAcquire(0)).toThrow(/n must be/);
  });
});
