import { ManualClock, expectTrace, test } from "judge";
import { SlidingCounter } from "./solution";

test("within the first window it counts like a fixed window", () => {
  const clock = new ManualClock();
  const counter = new SlidingCounter(3, 1000, clock);
  expectTrace(
    counter,
    clock,
    [
      { at: 0, count: 3, expect: "allowed" },
      { at: 999, expect: "denied" },
    ],
    { setup: "new SlidingCounter(3, 1000, clock)", windowMs: 1000, windows: "aligned" },
  );
});

test("the previous window's count fades out as the current window fills", () => {
  // 10 in window 0. At t=1250 the previous window still weighs 0.75: 7.5 + current < 10 admits 3.
  // At t=1750 it weighs 0.25: 2.5 + current < 10 admits up to current = 8.
  const clock = new ManualClock();
  const counter = new SlidingCounter(10, 1000, clock);
  expectTrace(
    counter,
    clock,
    [
      { at: 500, count: 10, expect: "allowed" },
      { at: 1250, count: 3, expect: "allowed" },
      { at: 1250, expect: "denied" },
      { at: 1750, count: 5, expect: "allowed" },
      { at: 1750, expect: "denied" },
    ],
    { setup: "new SlidingCounter(10, 1000, clock)", windowMs: 1000, windows: "aligned" },
  );
});

test("the burst across a window boundary is refused", () => {
  // The course's figure: counter=100 allowed at t=59s, counter=0 allowed at t=60s.
  const clock = new ManualClock();
  const counter = new SlidingCounter(100, 60_000, clock);
  expectTrace(
    counter,
    clock,
    [
      { at: 59_000, count: 100, expect: "allowed" },
      { at: 60_000, count: 100, expect: "denied" },
    ],
    { setup: "new SlidingCounter(100, 60000, clock)", windowMs: 60_000, windows: "aligned" },
  );
});

test("denied requests are not counted", () => {
  const clock = new ManualClock();
  const counter = new SlidingCounter(2, 1000, clock);
  expectTrace(
    counter,
    clock,
    [
      { at: 0, count: 2, expect: "allowed" },
      { at: 100, count: 10, expect: "denied" },
      { at: 2000, count: 2, expect: "allowed" },
    ],
    { setup: "new SlidingCounter(2, 1000, clock)", windowMs: 1000, windows: "aligned" },
  );
});
