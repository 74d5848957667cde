import {
  ManualClock,
  describe,
  differential,
  expect,
  expectSameAs,
  expectTrace,
  test,
  traceOf,
} from "judge";
import * as reference from "reference";
import * as learner from "./solution";

type Bucket = InstanceType<typeof learner.TokenBucket>;

// The reference's private field, read without a refill so the trace is not disturbed.
const tokensOf = (bucket: Bucket) => (bucket as unknown as { tokens: number }).tokens;
// How far the reference was from the other answer: the tokens it held before, minus the cost.
const margin = (bucket: Bucket, allowed: unknown, step: { n?: number }) =>
  tokensOf(bucket) - (allowed ? 0 : (step.n ?? 1));

describe("fractional refill", () => {
  test("available() is fractional", () => {
    const clock = new ManualClock();
    const bucket = new learner.TokenBucket(4, 3, clock);
    bucket.tryAcquire(4);
    clock.advance(500);
    expect(bucket.available(), "available() 500 ms after emptying at 3/s").toBeCloseTo(1.5, 1e-9);
  });

  test("rates below one per second", () => {
    const clock = new ManualClock();
    const bucket = new learner.TokenBucket(1, 0.5, clock);
    expectTrace(bucket, clock, [
      { at: 0, expect: "allowed" },
      { at: 1999, expect: "denied" },
      { at: 2000, expect: "allowed" },
    ]);
  });
});

describe("refill bookkeeping", () => {
  test("available() does not hand out extra tokens", () => {
    const clock = new ManualClock();
    const bucket = new learner.TokenBucket(3, 1, clock);
    bucket.tryAcquire(3);
    // 125 ms at 1/s is 0.125 of a token, exact in binary: eight of them make exactly one.
    for (let i = 0; i < 8; i++) {
      clock.advance(125);
      bucket.available();
    }
    expect(bucket.tryAcquire(1), "tryAcquire(1) after 1 s of available() calls").toBe(true);
    expect(bucket.tryAcquire(1), "a second tryAcquire(1)").toBe(false);
  });
});

describe("capacity", () => {
  test("the bucket never holds more than its capacity", () => {
    const clock = new ManualClock();
    const bucket = new learner.TokenBucket(3, 10, clock);
    clock.advance(3_600_000);
    expect(bucket.available(), "available() after an hour").toBeCloseTo(3);
  });

  test("a request costing more than the capacity is never admitted", () => {
    const clock = new ManualClock();
    const bucket = new learner.TokenBucket(3, 10, clock);
    expectTrace(bucket, clock, [
      { at: 0, n: 4, expect: "denied" },
      { at: 100_000, n: 4, expect: "denied" },
      { at: 100_000, n: 3, expect: "allowed" },
    ]);
  });

  test("a denied tryAcquire(n) takes nothing", () => {
    const clock = new ManualClock();
    const bucket = new learner.TokenBucket(5, 1, clock);
    expectTrace(bucket, clock, [
      { at: 0, n: 4, expect: "allowed" },
      { at: 0, n: 2, expect: "denied" },
      { at: 0, n: 1, expect: "allowed" },
    ]);
  });
});

describe("the course's figures", () => {
  test("15 at once, then +1 s, +2 s and after 60 s idle: 10, 5, 10, 10 allowed", () => {
    const clock = new ManualClock();
    const bucket = new learner.TokenBucket(10, 5, clock);
    const burst = () => {
      let allowed = 0;
      for (let i = 0; i < 15; i++) if (bucket.allow()) allowed++;
      return allowed;
    };
    expect(burst(), "idle start").toBe(10);
    clock.advance(1000);
    expect(burst(), "+1s").toBe(5);
    clock.advance(2000);
    expect(burst(), "+2s").toBe(10);
    clock.advance(60_000);
    expect(bucket.available(), "tokens after 60 s idle").toBeCloseTo(10);
    expect(burst(), "after 60 s idle").toBe(10);
  });
});

describe("same as the reference", () => {
  test("mixed costs at a fractional rate match the reference", () => {
    const steps = traceOf(300, (i) => ({ at: i * 97, count: 1 + (i % 3), n: 1 + ((i * 7) % 4) }));
    expectSameAs(learner, reference, {
      setup: "new TokenBucket(6, 2.5, clock)",
      create: (m: typeof learner, clock) => new m.TokenBucket(6, 2.5, clock),
      steps,
      margin,
    });
  });

  differential("random traces agree with the reference", {
    kind: "bucket",
    learner,
    reference,
    setup: (c) => `new TokenBucket(${c.capacity}, ${c.perSecond}, clock)`,
    create: (m: typeof learner, clock, c) => new m.TokenBucket(c.capacity!, c.perSecond!, clock),
    level: tokensOf,
    margin,
  });
});
