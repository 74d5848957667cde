import { ManualClock, expect, expectTrace, test } from "judge";
import { SlidingLog } from "./solution";

test("admits up to the limit, then denies until the oldest request ages out", () => {
  const clock = new ManualClock();
  const log = new SlidingLog(3, 1000, clock);
  expectTrace(
    log,
    clock,
    [
      { at: 0, expect: "allowed" },
      { at: 400, count: 2, expect: "allowed" },
      { at: 900, expect: "denied" },
      { at: 1000, expect: "allowed" },
      { at: 1100, expect: "denied" },
      { at: 1400, count: 2, expect: "allowed" },
    ],
    { setup: "new SlidingLog(3, 1000, clock)" },
  );
});

test("a request ages out exactly windowMs after it was admitted", () => {
  const clock = new ManualClock();
  const log = new SlidingLog(1, 1000, clock);
  expectTrace(
    log,
    clock,
    [
      { at: 0, expect: "allowed" },
      { at: 999, expect: "denied" },
      { at: 1000, expect: "allowed" },
    ],
    { setup: "new SlidingLog(1, 1000, clock)" },
  );
});

test("the burst across a window boundary is refused", () => {
  // The course's figure: log=100 allowed at t=59s, log=0 allowed at t=60s.
  const clock = new ManualClock();
  const log = new SlidingLog(100, 60_000, clock);
  expectTrace(
    log,
    clock,
    [
      { at: 59_000, count: 100, expect: "allowed" },
      { at: 60_000, count: 100, expect: "denied" },
    ],
    { setup: "new SlidingLog(100, 60000, clock)", windowMs: 60_000, windows: "sliding" },
  );
});

test("tracked() counts one timestamp per admitted request", () => {
  const clock = new ManualClock();
  const log = new SlidingLog(100, 60_000, clock);
  for (let i = 0; i < 100; i++) log.allow();
  expect(log.tracked(), "tracked() after 100 requests").toBe(100);
});
