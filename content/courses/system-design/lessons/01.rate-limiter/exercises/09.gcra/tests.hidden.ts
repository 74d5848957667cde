import {
  ManualClock,
  describe,
  differential,
  expect,
  expectSameAs,
  expectTrace,
  javaRandom,
  test,
  traceOf,
  type Clock,
} from "judge";
import * as learner from "./solution";

/**
 * The token bucket GCRA must agree with, counted in milliseconds of credit instead of tokens so
 * that every comparison is exact: credit refills one ms per ms up to capacity * interval, and a
 * request of cost n spends n * interval. Rates in these tests have whole-millisecond intervals.
 */
class CreditTokenBucket {
  private credit: number;
  private last: number;
  private readonly interval: number;

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    private readonly clock: Clock,
  ) {
    this.interval = 1000 / perSecond;
    this.credit = capacity * this.interval;
    this.last = clock.now();
  }

  allow(): boolean {
    return this.tryAcquire(1);
  }

  tryAcquire(n = 1): boolean {
    const now = this.clock.now();
    this.credit = Math.min(this.capacity * this.interval, this.credit + (now - this.last));
    this.last = now;
    if (this.credit < n * this.interval) return false;
    this.credit -= n * this.interval;
    return true;
  }
}

const tokenBucket = { Gcra: CreditTokenBucket } as unknown as typeof learner;

/**
 * The reference the random traces compare with: the solution's rule checked before adding,
 * tat - now <= (capacity - n) * interval, which admits a full bucket's last token exactly. The
 * solution's own spelling, (max(tat, now) + n * interval) - now, can round above capacity * interval
 * on a full bucket whatever now is, a tie no time shift moves: with this reference, such a refusal is
 * followed (refusalChangesNothing) instead of an admission being impossible to follow.
 */
class CheckFirstGcra {
  readonly intervalMs: number;
  private tat: number;

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    private readonly clock: Clock,
  ) {
    this.intervalMs = 1000 / perSecond;
    this.tat = clock.now();
  }

  allow(): boolean {
    return this.tryAcquire(1);
  }

  tryAcquire(n = 1): boolean {
    const now = this.clock.now();
    if (n > this.capacity || this.tat - now > (this.capacity - n) * this.intervalMs) return false;
    this.tat = Math.max(this.tat, now) + n * this.intervalMs;
    return true;
  }
}

const checkFirst = { Gcra: CheckFirstGcra } as unknown as typeof learner;

type Limiter = InstanceType<typeof learner.Gcra>;
/**
 * How far the reference was from the other answer, in tokens: the room left after the request (or
 * missing for it), so a disagreement one rounding error wide is not held against the learner.
 */
const margin = (limiter: Limiter, allowed: unknown, step: { n?: number }) => {
  const ref = limiter as unknown as { tat: number; clock: Clock };
  const now = ref.clock.now();
  const ahead = allowed
    ? ref.tat - now
    : Math.max(ref.tat, now) + (step.n ?? 1) * limiter.intervalMs - now;
  return (limiter.capacity * limiter.intervalMs - ahead) / limiter.intervalMs;
};

/**
 * A random trace: bursts, short gaps near the interval, gaps one ms short of it (where an
 * off-by-one comparison shows at once), and long idles; costs 1 to 3.
 */
function randomSteps(seed: number, intervalMs: number, length: number) {
  const next = javaRandom(seed);
  let at = 0;
  return traceOf(length, () => {
    const shape = next(5);
    at +=
      shape === 0
        ? 0
        : shape === 1
          ? next(intervalMs * 2 + 1)
          : shape === 2
            ? intervalMs
            : shape === 3
              ? intervalMs - 1
              : next(20) * intervalMs;
    return { at, count: 1 + next(3), n: 1 + next(3) };
  });
}

describe("same decisions as the token bucket", () => {
  const configs: [number, number][] = [
    [10, 5],
    [1, 1],
    [3, 2],
    [5, 4],
    [8, 0.5],
    [4, 20],
    [6, 25],
    [2, 8],
  ];
  for (const [capacity, perSecond] of configs) {
    test(`GCRA(${capacity}, ${perSecond}/s) admits exactly what a token bucket of the same size and rate admits`, () => {
      expectSameAs(learner, tokenBucket, {
        setup: `new Gcra(${capacity}, ${perSecond}, clock)`,
        create: (m: typeof learner, clock) => new m.Gcra(capacity, perSecond, clock),
        steps: randomSteps(capacity * 31 + perSecond * 7, 1000 / perSecond, 80),
      });
    });
  }
});

describe("one timestamp", () => {
  test("the stored time never moves on a refusal, so knocking does not lock a client out", () => {
    const clock = new ManualClock();
    const limiter = new learner.Gcra(2, 1, clock);
    limiter.tryAcquire(2);
    for (let t = 0; t < 1000; t += 100) {
      clock.advance(t === 0 ? 0 : 100);
      expect(limiter.allow(), `a request at t=${t} ms`).toBe(false);
    }
    expect(limiter.theoreticalArrivalTime(), "tat after ten refusals").toBe(2000);
    clock.advance(100);
    expect(limiter.allow(), "a request at t=1000 ms, one interval after the burst").toBe(true);
  });

  test("an idle stretch is credited only up to the capacity", () => {
    const clock = new ManualClock();
    const limiter = new learner.Gcra(3, 10, clock);
    clock.advance(3_600_000);
    expectTrace(limiter, clock, [{ count: 4, expect: [true, true, true, false] }], {
      setup: "new Gcra(3, 10, clock)",
    });
    expect(limiter.theoreticalArrivalTime(), "tat after 3 admitted at 1 h").toBe(3_600_300);
  });
});

describe("boundaries", () => {
  test("a request exactly one interval later is admitted, one ms sooner it is not", () => {
    const clock = new ManualClock();
    const limiter = new learner.Gcra(1, 4, clock);
    expectTrace(limiter, clock, [
      { at: 0, expect: "allowed" },
      { at: 249, expect: "denied" },
      { at: 250, expect: "allowed" },
      { at: 499, expect: "denied" },
      { at: 500, expect: "allowed" },
    ]);
  });

  test("a rate below one per second has an interval longer than a second", () => {
    const clock = new ManualClock();
    const limiter = new learner.Gcra(1, 0.5, clock);
    expectTrace(limiter, clock, [
      { at: 0, expect: "allowed" },
      { at: 1999, expect: "denied" },
      { at: 2000, expect: "allowed" },
    ]);
  });

  test("a request costing more than the capacity is never admitted", () => {
    const clock = new ManualClock();
    const limiter = new learner.Gcra(3, 10, clock);
    expect(limiter.tryAcquire(4), "tryAcquire(4) with capacity 3").toBe(false);
    expect(limiter.retryAfterMs(4), "retryAfterMs(4) with capacity 3").toBe(Infinity);
    expect(limiter.tryAcquire(3), "tryAcquire(3) after that").toBe(true);
  });

  test("retryAfterMs is exact after a partial refill", () => {
    const clock = new ManualClock();
    const limiter = new learner.Gcra(4, 2, clock);
    limiter.tryAcquire(4);
    clock.advance(700);
    expect(limiter.retryAfterMs(), "retryAfterMs() 700 ms after emptying at 2/s").toBe(0);
    expect(limiter.retryAfterMs(2), "retryAfterMs(2)").toBe(300);
    expect(limiter.tryAcquire(2), "tryAcquire(2) now").toBe(false);
    clock.advance(300);
    expect(limiter.tryAcquire(2), "tryAcquire(2) 300 ms later").toBe(true);
  });
});

describe("same as the reference", () => {
  differential("random traces agree with the reference", {
    kind: "bucket",
    learner,
    reference: checkFirst,
    setup: (c) => `new Gcra(${c.capacity}, ${c.perSecond}, clock)`,
    create: (m: typeof learner, clock, c) => new m.Gcra(c.capacity!, c.perSecond!, clock),
    margin,
    refusalChangesNothing: true,
  });
});
