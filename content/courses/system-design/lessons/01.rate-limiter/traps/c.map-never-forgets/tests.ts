import { ManualClock, expect, test } from "judge";
import { MAX_KEYS, PerUserLimiter } from "./solution";

test("limits each user to a burst of 10, then 5 a second", () => {
  const clock = new ManualClock();
  const limiter = new PerUserLimiter(clock);
  let admitted = 0;
  for (let i = 0; i < 15; i++) if (limiter.allow("ada")) admitted++;
  expect(admitted, "ada's burst of 15").toBe(10);
  expect(limiter.allow("bob"), "bob's first request").toBe(true);
  clock.advance(1000);
  admitted = 0;
  for (let i = 0; i < 15; i++) if (limiter.allow("ada")) admitted++;
  expect(admitted, "ada, one second later").toBe(5);
});

test("never holds more buckets than MAX_KEYS, however many users there are", () => {
  const clock = new ManualClock();
  const limiter = new PerUserLimiter(clock);
  let largest = 0;
  // Three times MAX_KEYS distinct users inside one second: nothing has had time to refill.
  for (let i = 0; i < 3 * MAX_KEYS; i++) {
    limiter.allow(`user-${i}`);
    if (limiter.size > largest) largest = limiter.size;
  }
  expect(largest, "most buckets held at any time").toBeLessThanOrEqual(MAX_KEYS);
});

test("forgets users whose buckets have refilled", () => {
  const clock = new ManualClock();
  const limiter = new PerUserLimiter(clock);
  for (let i = 0; i < 5_000; i++) limiter.allow(`user-${i}`);
  clock.advance(60_000);
  limiter.allow("someone-new");
  clock.advance(60_000);
  limiter.allow("someone-else");
  expect(limiter.size, "buckets held after two idle minutes").toBeLessThanOrEqual(2);
});

test("remembers a user who is still paying back a burst", () => {
  const clock = new ManualClock();
  const limiter = new PerUserLimiter(clock);
  for (let i = 0; i < 10; i++) limiter.allow("ada");
  // A thousand other users arrive over the next 1.5 s: well under MAX_KEYS, so nothing may be evicted.
  for (let i = 0; i < 1_000; i++) {
    if (i % 100 === 0) clock.advance(150);
    limiter.allow(`user-${i}`);
  }
  let admitted = 0;
  for (let i = 0; i < 10; i++) if (limiter.allow("ada")) admitted++;
  expect(admitted, "ada's next 10, 1.5 s after emptying her bucket").toBe(7);
});
