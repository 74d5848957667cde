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

describe("window boundary", () => {
  test("a request at exactly the boundary is in the new window", () => {
    const clock = new ManualClock();
    const counter = new learner.SlidingCounter(4, 1000, clock);
    // At t=1000 the previous window (4) weighs 1: 4 + 0 < 4 is false.
    expectTrace(counter, clock, [
      { at: 999, count: 4, expect: "allowed" },
      { at: 1000, expect: "denied" },
      { at: 1250, expect: "allowed" },
    ]);
  });

  test("windows are aligned to clock zero, even when the clock starts mid-window", () => {
    const clock = new ManualClock(1500);
    const counter = new learner.SlidingCounter(2, 1000, clock);
    // Window 1 holds 2; at t=2500 they weigh 0.5: 1 + 0 < 2 admits one, 1 + 1 < 2 does not.
    expectTrace(counter, clock, [
      { at: 1500, count: 2, expect: "allowed" },
      { at: 2500, count: 2, expect: ["allowed", "denied"] },
    ]);
  });
});

describe("rolling windows", () => {
  test("after a whole empty window the previous count is 0", () => {
    const clock = new ManualClock();
    const counter = new learner.SlidingCounter(3, 1000, clock);
    expectTrace(counter, clock, [
      { at: 0, count: 3, expect: "allowed" },
      { at: 2000, count: 3, expect: "allowed" },
      { at: 2000, expect: "denied" },
    ]);
  });

  test("exactly one window later the old current becomes previous", () => {
    const clock = new ManualClock();
    const counter = new learner.SlidingCounter(3, 1000, clock);
    expectTrace(counter, clock, [
      { at: 900, count: 3, expect: "allowed" },
      // The 3 of window 0 weigh 0.1 at t=1900: 0.3 + current < 3 admits three.
      { at: 1900, count: 4, expect: ["allowed", "allowed", "allowed", "denied"] },
    ]);
  });
});

describe("strict comparison", () => {
  test("an estimate exactly at the limit is refused", () => {
    const clock = new ManualClock();
    const counter = new learner.SlidingCounter(3, 1000, clock);
    // previous 2 at weight 0.5 is 1; 1 + 2 = 3 is not < 3.
    expectTrace(counter, clock, [
      { at: 0, count: 2, expect: "allowed" },
      { at: 1500, count: 3, expect: ["allowed", "allowed", "denied"] },
    ]);
  });

  test("fractional estimates are not rounded", () => {
    const clock = new ManualClock();
    const counter = new learner.SlidingCounter(5, 1000, clock);
    // previous 5 at weight 0.001 is 0.005: 0.005 + 4 < 5 admits a fifth.
    expectTrace(counter, clock, [
      { at: 0, count: 5, expect: "allowed" },
      { at: 1999, count: 6, expect: [true, true, true, true, true, false] },
    ]);
  });
});

describe("the course's figures", () => {
  test("the accuracy table's counter column: 308, 911, 987 and 990 allowed", () => {
    for (const [max, expected] of [
      [2, 308],
      [4, 911],
      [6, 987],
      [10, 990],
    ] as const) {
      const clock = new ManualClock();
      const counter = new learner.SlidingCounter(100, 60_000, clock);
      const nextInt = javaRandom(4);
      const allowed = offerEachSecond(counter, clock, 600, () => nextInt(max));
      expect(allowed, `counter allowed at ${(max - 1) * 30}/min offered`).toBe(expected);
    }
  });
});

describe("same as the reference", () => {
  test("a busy trace matches the reference request for request", () => {
    const steps = traceOf(250, (i) => ({ at: i * 173, count: (i * 5) % 6 }));
    expectSameAs(learner, reference, {
      setup: "new SlidingCounter(9, 3000, clock)",
      create: (m: typeof learner, clock) => new m.SlidingCounter(9, 3000, clock),
      steps,
    });
  });

  differential("random traces agree with the reference", {
    kind: "window",
    windows: "aligned",
    learner,
    reference,
    setup: (c) => `new SlidingCounter(${c.limit}, ${c.windowMs}, clock)`,
    create: (m: typeof learner, clock, c) => new m.SlidingCounter(c.limit!, c.windowMs!, clock),
  });
});
