import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  FixedWindow,
  JavaRandom,
  LeakyBucket,
  LeakyShaper,
  type Limiter,
  ManualClock,
  SlidingCounter,
  SlidingLog,
  TokenBucket,
} from "@/lib/limiters";

// Arrival gaps in ms: mostly bursts (0), with pauses of every length up to a few windows.
const gaps = fc.array(
  fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 4_000 })),
  { minLength: 1, maxLength: 600 },
);

/** Replays the gaps and returns the times of admitted requests. */
function admittedTimes(make: (clock: ManualClock) => Limiter, gapsMs: number[]): number[] {
  const clock = new ManualClock(0);
  const limiter = make(clock);
  const times: number[] = [];
  for (const gap of gapsMs) {
    clock.advance(gap);
    if (limiter.allow()) times.push(clock.now());
  }
  return times;
}

/** The most admissions in any half-open interval (t - span, t]. */
function mostInAnySpan(times: number[], span: number): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    while (times[first]! <= times[last]! - span) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** The most admissions in one aligned window [kW, (k+1)W). */
function mostInAlignedWindow(times: number[], windowMs: number): number {
  const perWindow = new Map<number, number>();
  for (const t of times) {
    const k = Math.floor(t / windowMs);
    perWindow.set(k, (perWindow.get(k) ?? 0) + 1);
  }
  return Math.max(0, ...perWindow.values());
}

describe("no limiter admits more than its bound in any window it promises", () => {
  test("fixed window admits at most the limit per aligned window", () => {
    fc.assert(
      fc.property(gaps, fc.integer({ min: 1, max: 20 }), (gapsMs, limit) => {
        const times = admittedTimes((c) => new FixedWindow(limit, 1_000, c), gapsMs);
        expect(mostInAlignedWindow(times, 1_000)).toBeLessThanOrEqual(limit);
      }),
    );
  });

  test("fixed window can admit twice its limit within one window's span, and no more", () => {
    fc.assert(
      fc.property(gaps, fc.integer({ min: 1, max: 20 }), (gapsMs, limit) => {
        const times = admittedTimes((c) => new FixedWindow(limit, 1_000, c), gapsMs);
        expect(mostInAnySpan(times, 1_000)).toBeLessThanOrEqual(2 * limit);
      }),
    );
    const boundary = admittedTimes(
      (c) => new FixedWindow(5, 1_000, c),
      [999, 0, 0, 0, 0, 1, 0, 0, 0, 0],
    );
    expect(mostInAnySpan(boundary, 1_000)).toBe(10);
  });

  test("sliding log admits at most the limit in every interval of one window", () => {
    fc.assert(
      fc.property(gaps, fc.integer({ min: 1, max: 20 }), (gapsMs, limit) => {
        const times = admittedTimes((c) => new SlidingLog(limit, 1_000, c), gapsMs);
        expect(mostInAnySpan(times, 1_000)).toBeLessThanOrEqual(limit);
      }),
    );
  });

  test("sliding counter admits at most the limit per aligned window", () => {
    fc.assert(
      fc.property(gaps, fc.integer({ min: 1, max: 20 }), (gapsMs, limit) => {
        const times = admittedTimes((c) => new SlidingCounter(limit, 1_000, c), gapsMs);
        expect(mostInAlignedWindow(times, 1_000)).toBeLessThanOrEqual(limit);
      }),
    );
  });

  test("token bucket admits at most capacity + rate x span in any span", () => {
    fc.assert(
      fc.property(
        gaps,
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 5_000 }),
        (gapsMs, capacity, perSecond, span) => {
          const times = admittedTimes((c) => new TokenBucket(capacity, perSecond, c), gapsMs);
          // (t - span, t] holds at most capacity plus what refilled during the span.
          const bound = capacity + (span * perSecond) / 1000;
          expect(mostInAnySpan(times, span)).toBeLessThanOrEqual(Math.floor(bound + 1e-9));
        },
      ),
    );
  });

  test("leaky meter admits exactly what a token bucket of the same size and rate admits", () => {
    fc.assert(
      fc.property(
        gaps,
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        (g, c, r) => {
          const meter = admittedTimes((clock) => new LeakyBucket(c, r, clock), g);
          const bucket = admittedTimes((clock) => new TokenBucket(c, r, clock), g);
          expect(meter).toEqual(bucket);
        },
      ),
    );
  });

  test("leaky shaper releases admitted requests evenly spaced, in order, after a bounded wait", () => {
    fc.assert(
      fc.property(
        gaps,
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        (g, c, r) => {
          const clock = new ManualClock(0);
          const shaper = new LeakyShaper(c, r, clock);
          const spacing = 1000 / r;
          let lastRelease = -Infinity;
          for (const gap of g) {
            clock.advance(gap);
            const releaseAt = shaper.schedule();
            if (releaseAt === null) continue;
            expect(releaseAt).toBeGreaterThanOrEqual(clock.now());
            expect(releaseAt - clock.now()).toBeLessThanOrEqual((c - 1) * spacing + 1e-6);
            expect(releaseAt - lastRelease).toBeGreaterThanOrEqual(spacing - 1e-6);
            lastRelease = releaseAt;
          }
        },
      ),
    );
  });
});

describe("token bucket idle credit", () => {
  test("never exceeds capacity after any idle time", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: 10_000_000 }), fc.nat({ max: 30 }))),
        fc.integer({ min: 1, max: 1_000 }),
        fc.double({ min: 0.001, max: 10_000, noNaN: true }),
        (steps, capacity, perSecond) => {
          const clock = new ManualClock(0);
          const bucket = new TokenBucket(capacity, perSecond, clock);
          for (const [idle, take] of steps) {
            clock.advance(idle);
            expect(bucket.available()).toBeLessThanOrEqual(capacity);
            for (let i = 0; i < take; i++) bucket.allow();
            expect(bucket.available()).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});

describe("sliding counter against the exact log over a long run", () => {
  // Near the limit the counter's smoothed estimate refuses a little less than the exact log, and the
  // difference accumulates (about 2% of the admitted traffic, measured over 16 simulated hours; see
  // docs/decisions/014-sliding-counter-bias.md). So the bound is relative, plus one window's limit.
  test("admits at most 5% more than the log, plus one window's limit, over an hour", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 2, max: 20 }),
        fc.integer({ min: 10, max: 200 }),
        (seed, max, limit) => {
          const clock = new ManualClock(0);
          const log = new SlidingLog(limit, 60_000, clock);
          const counter = new SlidingCounter(limit, 60_000, clock);
          const rng = new JavaRandom(seed);
          let logAllowed = 0;
          let counterAllowed = 0;
          for (let second = 0; second < 3_600; second++) {
            for (let i = rng.nextInt(max); i > 0; i--) {
              if (log.allow()) logAllowed++;
              if (counter.allow()) counterAllowed++;
            }
            clock.advance(1_000);
          }
          expect(counterAllowed).toBeLessThanOrEqual(logAllowed * 1.05 + limit);
        },
      ),
      { numRuns: 40 },
    );
  });
});
