import { ManualClock, expectTrace, test } from "judge";
import { FixedWindow } from "./solution";

test("admits up to the limit in one window, then denies", () => {
  const clock = new ManualClock();
  const limiter = new FixedWindow(3, 1000, clock);
  expectTrace(
    limiter,
    clock,
    [
      { at: 0, count: 3, expect: "allowed" },
      { at: 500, count: 2, expect: "denied" },
    ],
    { setup: "new FixedWindow(3, 1000, clock)", windowMs: 1000, windows: "fixed" },
  );
});

test("a new window starts with a fresh count", () => {
  const clock = new ManualClock();
  const limiter = new FixedWindow(2, 1000, clock);
  expectTrace(
    limiter,
    clock,
    [
      { at: 100, count: 2, expect: "allowed" },
      { at: 900, expect: "denied" },
      { at: 1100, count: 2, expect: "allowed" },
      { at: 1200, expect: "denied" },
    ],
    { setup: "new FixedWindow(2, 1000, clock)", windowMs: 1000, windows: "fixed" },
  );
});

test("a request at exactly the boundary belongs to the new window", () => {
  const clock = new ManualClock();
  const limiter = new FixedWindow(1, 1000, clock);
  expectTrace(
    limiter,
    clock,
    [
      { at: 999, expect: "allowed" },
      { at: 999, expect: "denied" },
      { at: 1000, expect: "allowed" },
      { at: 1999, expect: "denied" },
    ],
    { setup: "new FixedWindow(1, 1000, clock)", windowMs: 1000, windows: "fixed" },
  );
});

test("fixed window admits 2x the limit across a boundary", () => {
  // The course's figure: 100 at t=59s and 100 at t=60s are all admitted.
  const clock = new ManualClock();
  const limiter = new FixedWindow(100, 60_000, clock);
  expectTrace(
    limiter,
    clock,
    [
      { at: 59_000, count: 100, expect: "allowed" },
      { at: 59_500, expect: "denied" },
      { at: 60_000, count: 100, expect: "allowed" },
      { at: 60_000, expect: "denied" },
    ],
    { setup: "new FixedWindow(100, 60000, clock)", windowMs: 60_000, windows: "fixed" },
  );
});
