import { expect, test } from "vitest";
import { ManualClock, SystemClock } from "@/lib/limiters";

test("a manual clock starts where told and moves only when advanced", () => {
  const clock = new ManualClock(5);
  expect(clock.now()).toBe(5);
  clock.advance(995);
  expect(clock.now()).toBe(1000);
  clock.advance(0);
  expect(clock.now()).toBe(1000);
});

test("advancing a manual clock backwards throws", () => {
  const clock = new ManualClock();
  expect(() => clock.advance(-1)).toThrow(RangeError);
  expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
  expect(clock.now()).toBe(0);
});

test("the system clock never goes backwards and is near wall time", () => {
  const clock = new SystemClock();
  let previous = clock.now();
  for (let i = 0; i < 1000; i++) {
    const t = clock.now();
    expect(t).toBeGreaterThanOrEqual(previous);
    previous = t;
  }
  expect(Math.abs(previous - Date.now())).toBeLessThan(60_000);
});
