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

type Limiter = InstanceType<typeof learner.KeyedLimiter>;
const call = (limiter: Limiter, step: { key?: string; n?: number }) =>
  limiter.tryAcquire(step.key!, step.n ?? 1);
// How far the reference was from the other answer: the key's tokens before, minus the cost (read
// from its private map, without a refill).
const margin = (limiter: Limiter, answer: unknown, step: { key?: string; n?: number }) => {
  const keys = (limiter as unknown as { keys: Map<string, { tokens: number }> }).keys;
  const admitted = answer === true || String(answer).startsWith("true");
  return (keys.get(step.key!)?.tokens ?? Number.NaN) - (admitted ? 0 : (step.n ?? 1));
};

describe("idle expiry", () => {
  test("a key idle long enough with a full bucket is forgotten", () => {
    const clock = new ManualClock();
    const limiter = new learner.KeyedLimiter({
      capacity: 2,
      perSecond: 1,
      maxKeys: 10,
      forgetIdleAfterMs: 5000,
      clock,
    });
    limiter.allow("a");
    clock.advance(6000);
    limiter.allow("b");
    expect(limiter.size, "size after a sat idle for 6 s").toBe(1);
  });

  test("an idle key whose bucket is not yet full is kept", () => {
    const clock = new ManualClock();
    const limiter = new learner.KeyedLimiter({
      capacity: 100,
      perSecond: 1,
      maxKeys: 10,
      forgetIdleAfterMs: 1000,
      clock,
    });
    limiter.tryAcquire("a", 50);
    clock.advance(20_000);
    limiter.allow("b");
    expect(limiter.size, "size while a's bucket is still refilling").toBe(2);
    expectTrace(limiter, clock, [
      { key: "a", n: 70, expect: "allowed" },
      { key: "a", expect: "denied" },
    ]);
  });

  test("a full bucket that has not been idle long enough is kept", () => {
    const clock = new ManualClock();
    const limiter = new learner.KeyedLimiter({
      capacity: 1,
      perSecond: 10,
      maxKeys: 10,
      forgetIdleAfterMs: 10_000,
      clock,
    });
    limiter.allow("a");
    clock.advance(9999);
    limiter.allow("b");
    expect(limiter.size, "size at 9999 ms idle").toBe(2);
    clock.advance(1);
    limiter.allow("b");
    expect(limiter.size, "size at 10000 ms idle").toBe(1);
  });

  test("at most two idle keys are forgotten per request", () => {
    const clock = new ManualClock();
    const limiter = new learner.KeyedLimiter({
      capacity: 1,
      perSecond: 1,
      maxKeys: 100,
      forgetIdleAfterMs: 1000,
      clock,
    });
    for (const key of ["a", "b", "c", "d", "e"]) limiter.allow(key);
    clock.advance(5000);
    limiter.allow("z");
    expect(limiter.size, "size after one request").toBe(4);
    limiter.allow("z");
    expect(limiter.size, "size after two requests").toBe(2);
    limiter.allow("z");
    expect(limiter.size, "size after three requests").toBe(1);
  });

  test("the key just used is never forgotten, however idle it was", () => {
    const clock = new ManualClock();
    const limiter = new learner.KeyedLimiter({
      capacity: 1,
      perSecond: 1,
      maxKeys: 10,
      forgetIdleAfterMs: 0,
      clock,
    });
    limiter.allow("a");
    clock.advance(5000);
    expect(limiter.tryAcquire("a", 1), "a after 5 s").toBe(true);
    expect(limiter.size, "size").toBe(1);
  });
});

describe("the cap", () => {
  test("an evicted key comes back with a full bucket", () => {
    const clock = new ManualClock();
    const limiter = new learner.KeyedLimiter({ capacity: 2, perSecond: 0.01, maxKeys: 1, clock });
    expectTrace(limiter, clock, [
      { at: 0, key: "a", count: 3, expect: [true, true, false] },
      { at: 10, key: "b", expect: "allowed" },
      { at: 20, key: "a", count: 3, expect: [true, true, false] },
    ]);
  });

  test("a request for a held key does not evict anyone", () => {
    const clock = new ManualClock();
    const limiter = new learner.KeyedLimiter({ capacity: 1, perSecond: 0.01, maxKeys: 2, clock });
    expectTrace(limiter, clock, [
      { at: 0, key: "a", expect: "allowed" },
      { at: 1, key: "b", expect: "allowed" },
      { at: 2, key: "b", count: 5, expect: "denied" },
      { at: 3, key: "a", expect: "denied" },
    ]);
    expect(limiter.size, "size").toBe(2);
  });

  test("memory stays bounded under a flood of new keys", () => {
    const clock = new ManualClock();
    const limiter = new learner.KeyedLimiter({ capacity: 5, perSecond: 1, maxKeys: 50, clock });
    // Six times the bound is a flood: a map that only grows, or is trimmed late, shows by then.
    for (let i = 0; i < 300; i++) {
      limiter.allow(`k${i}`);
      if (i % 10 === 0) clock.advance(1);
    }
    expect(limiter.size, "size after 300 keys").toBe(50);
  });
});

describe("same as the reference", () => {
  test("a busy mix of keys matches the reference", () => {
    const steps = traceOf(200, (i) => ({
      at: i * 211,
      key: `k${(i * 7) % 11}`,
      n: 1 + (i % 2),
      count: 1 + (i % 3),
    }));
    expectSameAs(learner, reference, {
      setup:
        "new KeyedLimiter({ capacity: 3, perSecond: 0.5, maxKeys: 6, forgetIdleAfterMs: 4000, clock })",
      create: (m: typeof learner, clock) =>
        new m.KeyedLimiter({
          capacity: 3,
          perSecond: 0.5,
          maxKeys: 6,
          forgetIdleAfterMs: 4000,
          clock,
        }),
      call,
      steps,
      margin,
    });
  });

  differential("random traces agree with the reference", {
    kind: "keyed",
    learner,
    reference,
    setup: (c) =>
      `new KeyedLimiter({ capacity: ${c.capacity}, perSecond: ${c.perSecond}, maxKeys: ${c.maxKeys}, forgetIdleAfterMs: ${c.forgetIdleAfterMs}, clock })`,
    create: (m: typeof learner, clock, c) =>
      new m.KeyedLimiter({
        capacity: c.capacity!,
        perSecond: c.perSecond!,
        maxKeys: c.maxKeys!,
        forgetIdleAfterMs: c.forgetIdleAfterMs!,
        clock,
      }),
    // The number of keys held is part of the answer: compare it after every request too.
    call: (limiter: Limiter, step) => `${call(limiter, step)} size=${limiter.size}`,
    margin,
  });
});
