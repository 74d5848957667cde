import { ManualClock, expect, expectTrace, test } from "judge";
import { Gcra } from "./solution";

const setup = "new Gcra(10, 5, clock)";

test("a fresh limiter admits a burst of its capacity, like a full bucket", () => {
  const clock = new ManualClock();
  const limiter = new Gcra(10, 5, clock);
  expectTrace(
    limiter,
    clock,
    [{ at: 0, count: 15, expect: [...Array(10).fill(true), ...Array(5).fill(false)] }],
    { setup, capacity: 10 },
  );
});

test("it makes the token bucket's decisions: 10, 5, 10 and, after a long idle, 10 again", () => {
  const clock = new ManualClock();
  const limiter = new Gcra(10, 5, clock);
  const fifteen = (label: string, admitted: number) => {
    let n = 0;
    for (let i = 0; i < 15; i++) if (limiter.allow()) n++;
    expect(n, `${label}: admitted of 15`).toBe(admitted);
  };
  fifteen("at 0 s", 10);
  clock.advance(1000);
  fifteen("at 1 s", 5);
  clock.advance(2000);
  fifteen("at 3 s", 10);
  clock.advance(60_000);
  fifteen("after 60 s idle", 10);
});

test("the one number of state moves by one interval per admitted request", () => {
  const clock = new ManualClock(1000);
  const limiter = new Gcra(10, 5, clock);
  limiter.tryAcquire(10);
  expect(limiter.theoreticalArrivalTime(), "tat after 10 admitted at t=1000").toBe(3000);
  expect(limiter.allow(), "an 11th request at once").toBe(false);
  expect(limiter.theoreticalArrivalTime(), "tat after that refusal").toBe(3000);
});

test("retryAfterMs says exactly how long to wait", () => {
  const clock = new ManualClock();
  const limiter = new Gcra(10, 5, clock);
  expect(limiter.retryAfterMs(), "retryAfterMs() on a full bucket").toBe(0);
  limiter.tryAcquire(10);
  expect(limiter.retryAfterMs(), "retryAfterMs() after the burst").toBe(200);
  expect(limiter.retryAfterMs(3), "retryAfterMs(3) after the burst").toBe(600);
  expect(limiter.retryAfterMs(11), "retryAfterMs(11), more than the capacity").toBe(Infinity);
  expectTrace(
    limiter,
    clock,
    [
      { at: 199, expect: "denied" },
      { at: 200, expect: "allowed" },
    ],
    { setup },
  );
});

test("tryAcquire(n) admits n at once or none", () => {
  const clock = new ManualClock();
  const limiter = new Gcra(5, 1, clock);
  expectTrace(
    limiter,
    clock,
    [
      { at: 0, n: 3, expect: "allowed" },
      { at: 0, n: 3, expect: "denied" },
      { at: 0, n: 2, expect: "allowed" },
      { at: 2000, n: 3, expect: "denied" },
      { at: 3000, n: 3, expect: "allowed" },
    ],
    { setup: "new Gcra(5, 1, clock)", capacity: 5 },
  );
});
