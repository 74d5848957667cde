import {
  ManualClock,
  describe,
  differential,
  expect,
  expectSameAs,
  expectTrace,
  javaRandom,
  offerEachSecond,
  test,
  traceOf,
} from "judge";
import * as reference from "reference";
import * as learner from "./solution";

describe("aging out", () => {
  test("timestamps age out one by one, not all at once", () => {
    const clock = new ManualClock();
    const log = new learner.SlidingLog(3, 1000, clock);
    expectTrace(log, clock, [
      { at: 0, expect: "allowed" },
      { at: 300, expect: "allowed" },
      { at: 600, expect: "allowed" },
      { at: 999, expect: "denied" },
      { at: 1000, expect: "allowed" },
      { at: 1001, expect: "denied" },
      { at: 1300, expect: "allowed" },
      { at: 1600, count: 2, expect: ["allowed", "denied"] },
    ]);
  });

  test("a long idle period forgets every timestamp", () => {
    const clock = new ManualClock();
    const log = new learner.SlidingLog(5, 1000, clock);
    expectTrace(log, clock, [
      { at: 0, count: 5, expect: "allowed" },
      { at: 50_000, count: 5, expect: "allowed" },
      { at: 50_000, expect: "denied" },
    ]);
  });

  test("a window that is not a whole number of milliseconds", () => {
    const clock = new ManualClock();
    const log = new learner.SlidingLog(1, 250.5, clock);
    expectTrace(log, clock, [
      { at: 0, expect: "allowed" },
      { at: 250, expect: "denied" },
      { at: 250.5, expect: "allowed" },
    ]);
  });
});

describe("denied requests", () => {
  test("denied requests are not recorded", () => {
    const clock = new ManualClock();
    const log = new learner.SlidingLog(2, 1000, clock);
    expectTrace(log, clock, [
      { at: 0, count: 2, expect: "allowed" },
      { at: 500, count: 20, expect: "denied" },
      { at: 1000, count: 2, expect: "allowed" },
      { at: 1000, expect: "denied" },
    ]);
  });

  test("a limit of 0 denies everything", () => {
    const clock = new ManualClock();
    const log = new learner.SlidingLog(0, 1000, clock);
    expectTrace(log, clock, [{ at: 0, count: 3, expect: "denied" }]);
  });
});

describe("memory", () => {
  test("tracked() never exceeds the limit", () => {
    const clock = new ManualClock();
    const log = new learner.SlidingLog(10, 60_000, clock);
    for (let i = 0; i < 500; i++) log.allow();
    expect(log.tracked(), "tracked() after 500 requests").toBe(10);
  });

  test("tracked() shrinks as timestamps age out", () => {
    const clock = new ManualClock();
    const log = new learner.SlidingLog(10, 1000, clock);
    for (let i = 0; i < 10; i++) {
      log.allow();
      clock.advance(100);
    }
    clock.advance(350);
    log.allow();
    expect(log.tracked(), "tracked() at t=1350").toBe(7);
  });
});

describe("the course's figures", () => {
  test("the accuracy table's log column: 993 and 1000 allowed", () => {
    for (const [max, expected] of [
      [6, 993],
      [10, 1000],
    ] as const) {
      const clock = new ManualClock();
      const log = new learner.SlidingLog(100, 60_000, clock);
      const nextInt = javaRandom(4);
      const allowed = offerEachSecond(log, clock, 600, () => nextInt(max));
      expect(allowed, `log allowed at ${(max - 1) * 30}/min offered`).toBe(expected);
    }
  });
});

describe("same as the reference", () => {
  test("a staggered trace matches the reference request for request", () => {
    const steps = traceOf(200, (i) => ({ at: i * 137, count: (i * 7) % 4 }));
    expectSameAs(learner, reference, {
      setup: "new SlidingLog(8, 2000, clock)",
      create: (m: typeof learner, clock) => new m.SlidingLog(8, 2000, clock),
      steps,
    });
  });

  differential("random traces agree with the reference", {
    kind: "window",
    windows: "sliding",
    learner,
    reference,
    setup: (c) => `new SlidingLog(${c.limit}, ${c.windowMs}, clock)`,
    create: (m: typeof learner, clock, c) => new m.SlidingLog(c.limit!, c.windowMs!, clock),
  });
});
