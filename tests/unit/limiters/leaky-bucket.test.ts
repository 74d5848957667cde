import { expect, test } from "vitest";
import { LeakyBucket, LeakyShaper, ManualClock, burst } from "@/lib/limiters";

test("the leaky meter admits until full, then as fast as it drains", () => {
  const clock = new ManualClock(0);
  const meter = new LeakyBucket(10, 5, clock);
  expect(burst(meter, 15)).toBe(10);
  expect(meter.level()).toBe(10);
  clock.advance(1_000);
  expect(meter.level()).toBe(5);
  expect(burst(meter, 15)).toBe(5);
  clock.advance(60_000);
  expect(meter.level()).toBe(0); // drains to empty, never below
});

test("the leaky shaper releases a burst one request per 1/rate, and refuses when its queue is full", () => {
  const clock = new ManualClock(0);
  const shaper = new LeakyShaper(4, 2, clock);
  const releases = [1, 2, 3, 4, 5].map(() => shaper.schedule());
  expect(releases).toEqual([0, 500, 1_000, 1_500, null]);
  expect(shaper.queued()).toBe(4);
  clock.advance(750);
  expect(shaper.queued()).toBe(2.5);
  // 1.5 requests have drained: room for one more, which leaves after everything already queued.
  expect(shaper.schedule()).toBe(2_000);
  expect(shaper.schedule()).toBeNull();
  clock.advance(250);
  expect(shaper.schedule()).toBe(2_500);
});

test("an idle shaper sends the next request at once", () => {
  const clock = new ManualClock(0);
  const shaper = new LeakyShaper(4, 2, clock);
  shaper.schedule();
  clock.advance(10_000);
  expect(shaper.schedule()).toBe(10_000);
});

test("impossible sizes and rates are misuse and throw", () => {
  const clock = new ManualClock(0);
  expect(() => new LeakyBucket(0, 1, clock)).toThrow(RangeError);
  expect(() => new LeakyShaper(1, 0, clock)).toThrow(RangeError);
});
