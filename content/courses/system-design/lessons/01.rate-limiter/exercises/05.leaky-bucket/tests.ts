import { ManualClock, expect, expectTrace, test } from "judge";
import { LeakyBucket, LeakyShaper } from "./solution";

test("the meter admits up to its capacity at once, then at the leak rate", () => {
  const clock = new ManualClock();
  const meter = new LeakyBucket(3, 2, clock);
  expectTrace(
    meter,
    clock,
    [
      { at: 0, count: 4, expect: [true, true, true, false] },
      { at: 499, expect: "denied" },
      { at: 500, expect: "allowed" },
      { at: 1000, count: 2, expect: [true, false] },
    ],
    { setup: "new LeakyBucket(3, 2, clock)", capacity: 3 },
  );
});

test("the meter drains continuously", () => {
  const clock = new ManualClock();
  const meter = new LeakyBucket(10, 4, clock);
  for (let i = 0; i < 6; i++) meter.allow();
  clock.advance(500);
  expect(meter.level(), "level() 500 ms after 6 requests at 4/s").toBeCloseTo(4);
  clock.advance(5000);
  expect(meter.level(), "level() long after").toBeCloseTo(0);
});

test("the shaper spaces admitted requests evenly", () => {
  const clock = new ManualClock();
  const shaper = new LeakyShaper(3, 2, clock);
  expectTrace(shaper, clock, [{ at: 0, count: 4, expect: [0, 500, 1000, null] }], {
    setup: "new LeakyShaper(3, 2, clock)",
    call: (s) => s.schedule(),
  });
});

test("the shaper's queue drains as time passes", () => {
  const clock = new ManualClock();
  const shaper = new LeakyShaper(2, 1, clock);
  expectTrace(
    shaper,
    clock,
    [
      { at: 0, count: 3, expect: [0, 1000, null] },
      { at: 1500, count: 2, expect: [2000, null] },
    ],
    { setup: "new LeakyShaper(2, 1, clock)", call: (s) => s.schedule() },
  );
  expect(shaper.queued(), "queued() at t=1500").toBeCloseTo(1.5);
});
