import { ManualClock, burst, expect, test } from "judge";
import { TokenBucket } from "./solution";

/** A monotonic clock and a wall clock that follows it, offset by whatever NTP last decided. */
function clocks() {
  const monotonic = new ManualClock(1_000_000);
  const wall = { offset: 0, now: () => monotonic.now() + wall.offset };
  return { monotonic, wall };
}

test("starts full and refills at its rate", () => {
  const { monotonic, wall } = clocks();
  const bucket = new TokenBucket(10, 5, { wall, monotonic });
  expect(burst(bucket, 15), "admitted of 15 at once").toBe(10);
  monotonic.advance(1000);
  expect(burst(bucket, 15), "admitted one second later").toBe(5);
  monotonic.advance(60_000);
  expect(burst(bucket, 15), "admitted after a minute idle (capped at the capacity)").toBe(10);
});

test("a backwards step of the wall clock does not stop the refill", () => {
  const { monotonic, wall } = clocks();
  const bucket = new TokenBucket(10, 5, { wall, monotonic });
  burst(bucket, 10);
  monotonic.advance(100);
  wall.offset = -30_000; // NTP steps the wall clock back 30 s
  let admitted = 0;
  for (let second = 1; second <= 30; second++) {
    monotonic.advance(1000);
    if (bucket.allow()) admitted++;
  }
  expect(admitted, "admitted of one request a second for 30 s after the step").toBe(30);
});

test("a forward step of the wall clock hands out no free credit", () => {
  const { monotonic, wall } = clocks();
  const bucket = new TokenBucket(10, 5, { wall, monotonic });
  burst(bucket, 10);
  wall.offset = 30_000; // a VM resumes with a clock 30 s ahead
  monotonic.advance(10);
  expect(burst(bucket, 10), "admitted 10 ms after emptying the bucket").toBe(0);
});

test("several steps in both directions leave the rate unchanged", () => {
  const { monotonic, wall } = clocks();
  const bucket = new TokenBucket(2, 1, { wall, monotonic });
  let admitted = 0;
  for (let i = 0; i < 60; i++) {
    wall.offset = i % 2 === 0 ? -3_600_000 : 3_600_000;
    monotonic.advance(500);
    if (bucket.allow()) admitted++;
  }
  // 30 s at 1 a second plus the 2 it started with; the clock swings add nothing and take nothing.
  expect(admitted, "admitted of 60 requests over 30 s").toBe(31);
});
