import { ManualClock, burst, expect, test } from "judge";
import { RateLimiter } from "./solution";

test("admits a full allowance after a quiet period", () => {
  const clock = new ManualClock();
  const limiter = new RateLimiter(100, 60_000, clock);
  clock.advance(59_000);
  expect(burst(limiter, 150), "admitted of 150 at t = 59 s").toBe(100);
});

test("a burst on each side of a boundary is not admitted twice", () => {
  const clock = new ManualClock();
  const limiter = new RateLimiter(100, 60_000, clock);
  clock.advance(59_000);
  const before = burst(limiter, 100);
  clock.advance(1_000);
  const after = burst(limiter, 100);
  // A second's worth of refill (or of the previous window fading) may let a couple more through.
  expect(before + after, "admitted between t = 59 s and t = 60 s").toBeLessThanOrEqual(110);
});

test("steady traffic under the limit is never refused", () => {
  const clock = new ManualClock();
  const limiter = new RateLimiter(100, 60_000, clock);
  let refused = 0;
  for (let second = 0; second < 300; second++) {
    clock.advance(second === 0 ? 0 : 1_000);
    if (!limiter.allow()) refused++;
  }
  expect(refused, "refused of one request a second for five minutes").toBe(0);
});

test("under constant pressure, admits about the limit per window", () => {
  const clock = new ManualClock();
  const limiter = new RateLimiter(100, 60_000, clock);
  let admitted = 0;
  for (let tick = 0; tick < 6_000; tick++) {
    clock.advance(tick === 0 ? 0 : 100);
    admitted += burst(limiter, 1);
  }
  // Ten minutes of 10 requests a second: ten allowances, plus at most one for the start.
  expect(admitted, "admitted over ten minutes").toBeLessThanOrEqual(1_100);
  expect(admitted, "admitted over ten minutes").toBeGreaterThanOrEqual(900);
});
