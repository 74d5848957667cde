import { expect, test } from "vitest";
import { ManualTimers, systemTimers } from "@/lib/time/timers";
import { ManualWallClock, systemWallClock } from "@/lib/time/wall-clock";

test("a manual wall clock gives a date that moves only when told, backwards too", () => {
  const clock = new ManualWallClock(new Date("2026-01-10T12:00:00Z"));
  expect(clock.now().toISOString()).toBe("2026-01-10T12:00:00.000Z");
  clock.advance(-60_000);
  expect(clock.now().toISOString()).toBe("2026-01-10T11:59:00.000Z");
  expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
});

test("the system wall clock reads the calendar", () => {
  expect(Math.abs(systemWallClock.now().getTime() - Date.now())).toBeLessThan(1_000);
});

test("manual timers fire in time order, each at its own time, and a cleared one never fires", () => {
  const time = new ManualTimers(100);
  const fired: string[] = [];
  time.setTimeout(() => fired.push(`late@${time.now()}`), 50);
  time.setTimeout(() => fired.push(`early@${time.now()}`), 10);
  const cleared = time.setTimeout(() => fired.push("cleared"), 20);
  time.setTimeout(() => fired.push(`tie@${time.now()}`), 10);
  time.clearTimeout(cleared);
  time.advance(49);
  expect(fired).toEqual(["early@110", "tie@110"]);
  expect(time.now()).toBe(149);
  time.advance(1);
  expect(fired).toEqual(["early@110", "tie@110", "late@150"]);
  expect(() => time.advance(-1)).toThrow(RangeError);
});

test("system timers can be cleared before they fire", async () => {
  let fired = false;
  systemTimers.clearTimeout(systemTimers.setTimeout(() => (fired = true), 0));
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(fired).toBe(false);
});
