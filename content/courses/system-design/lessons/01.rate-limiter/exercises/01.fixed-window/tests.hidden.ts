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

const setup = (c: Record<string, number>) => `new FixedWindow(${c.limit}, ${c.windowMs}, clock)`;

describe("window boundary", () => {
  test("windows are aligned to clock zero, not to the first request", () => {
    const clock = new ManualClock(1500);
    const limiter = new learner.FixedWindow(2, 1000, clock);
    expectTrace(limiter, clock, [
      { at: 1500, count: 2, expect: "allowed" },
      { at: 1999, expect: "denied" },
      { at: 2000, count: 2, expect: "allowed" },
    ]);
  });

  test("the last millisecond of a window still counts against it", () => {
    const clock = new ManualClock();
    const limiter = new learner.FixedWindow(5, 60_000, clock);
    expectTrace(limiter, clock, [
      { at: 0, count: 5, expect: "allowed" },
      { at: 59_999, expect: "denied" },
      { at: 60_000, expect: "allowed" },
    ]);
  });

  test("a window that is not a whole number of milliseconds", () => {
    const clock = new ManualClock();
    const limiter = new learner.FixedWindow(1, 333.5, clock);
    expectTrace(limiter, clock, [
      { at: 0, expect: "allowed" },
      { at: 333, expect: "denied" },
      { at: 333.5, expect: "allowed" },
      { at: 667, expect: "allowed" },
    ]);
  });
});

describe("idle gaps", () => {
  test("skipping several windows starts a fresh count", () => {
    const clock = new ManualClock();
    const limiter = new learner.FixedWindow(2, 1000, clock);
    expectTrace(limiter, clock, [
      { at: 0, count: 2, expect: "allowed" },
      { at: 5_250, count: 2, expect: "allowed" },
      { at: 5_999, expect: "denied" },
    ]);
  });

  test("returning to a window number seen long ago is still a new window", () => {
    const clock = new ManualClock();
    const limiter = new learner.FixedWindow(1, 1000, clock);
    expectTrace(limiter, clock, [
      { at: 0, expect: "allowed" },
      { at: 1000, expect: "allowed" },
      { at: 1001, expect: "denied" },
      { at: 3000, expect: "allowed" },
    ]);
  });
});

describe("counting", () => {
  test("a limit of 0 denies everything", () => {
    const clock = new ManualClock();
    const limiter = new learner.FixedWindow(0, 1000, clock);
    expectTrace(limiter, clock, [
      { at: 0, count: 3, expect: "denied" },
      { at: 1000, expect: "denied" },
    ]);
  });

  test("denied requests are not counted", () => {
    const clock = new ManualClock();
    const limiter = new learner.FixedWindow(2, 1000, clock);
    expectTrace(limiter, clock, [
      { at: 0, count: 2, expect: "allowed" },
      { at: 10, count: 50, expect: "denied" },
      { at: 1000, count: 2, expect: "allowed" },
    ]);
  });

  test("allow() answers with a boolean", () => {
    const clock = new ManualClock();
    const limiter = new learner.FixedWindow(1, 1000, clock);
    expect(limiter.allow(), "first allow()").toBe(true);
    expect(limiter.allow(), "second allow()").toBe(false);
  });
});

describe("same as the reference", () => {
  test("a busy minute matches the reference request for request", () => {
    const steps = traceOf(130, (second) => ({ at: second * 1000, count: second % 7 }));
    expectSameAs(learner, reference, {
      setup: "new FixedWindow(10, 60000, clock)",
      create: (m: typeof learner, clock) => new m.FixedWindow(10, 60_000, clock),
      steps,
    });
  });

  differential("random traces agree with the reference", {
    kind: "window",
    windows: "fixed",
    learner,
    reference,
    setup,
    create: (m: typeof learner, clock, c) => new m.FixedWindow(c.limit!, c.windowMs!, clock),
  });
});
