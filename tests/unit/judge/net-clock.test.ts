import fc from "fast-check";
import { expect, test } from "vitest";
import { NetClock } from "@/lib/judge/core/net-clock";

// The safety net reads the thread's CPU clock only when a deadline may have passed (decision 200).
// Simulated here: a thread whose CPU time grows by at most the wall time that passes, read through
// a clock that rounds down to 10 ms ticks, as Linux's /proc does.

function simulatedThread() {
  let wall = 0;
  let cpu = 0;
  let reads = 0;
  const tick = 10;
  return {
    advance(wallMs: number, share: number) {
      wall += wallMs;
      cpu += wallMs * share;
    },
    read: () => {
      reads++;
      return Math.floor(cpu / tick) * tick;
    },
    wall: () => wall,
    trueReading: () => Math.floor(cpu / tick) * tick,
    reads: () => reads,
  };
}

test("a deadline is seen as passed at the same check as when the CPU clock is read at every check", () => {
  // Small budgets and steps near a tick, so that reads land between ticks and just before deadlines.
  const step = fc.record({
    wallMs: fc.integer({ min: 0, max: 120 }).map((n) => n / 8),
    share: fc.constantFrom(0, 0.2, 0.5, 0.94, 1),
  });
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 60 }),
      fc.array(step, { maxLength: 60 }),
      (budget, steps) => {
        const thread = simulatedThread();
        const net = new NetClock(thread.read, thread.wall, 10);
        const deadline = net.now() + budget;
        for (const { wallMs, share } of steps) {
          thread.advance(wallMs, share);
          expect(net.passed(deadline)).toBe(thread.trueReading() > deadline);
          expect(net.reached(deadline)).toBe(thread.trueReading() >= deadline);
        }
      },
    ),
    { numRuns: 2000 },
  );
});

test("a judge well inside its budget reads the CPU clock only when it sets a deadline", () => {
  const thread = simulatedThread();
  const net = new NetClock(thread.read, thread.wall, 10);
  const deadline = net.now() + 450;
  for (let check = 0; check < 1000; check++) {
    thread.advance(0.2, 1);
    expect(net.passed(deadline)).toBe(false);
  }
  expect(thread.reads()).toBe(1);
});

test("a starved thread near its deadline is read again and stopped once it passes", () => {
  const thread = simulatedThread();
  const net = new NetClock(thread.read, thread.wall, 10);
  const deadline = net.now() + 450;
  let checks = 0;
  while (!net.passed(deadline)) {
    thread.advance(1, 0.2);
    checks++;
  }
  // 450 ms of CPU at a fifth of the core: about 2.25 s of wall time in 1 ms checks.
  expect(checks).toBeGreaterThan(2200);
  expect(checks).toBeLessThan(2400);
  expect(thread.reads()).toBeLessThan(checks / 4);
});

test("on the wall clock alone every check reads it", () => {
  let wall = 0;
  const net = NetClock.wallOnly(() => wall);
  const deadline = net.now() + 5;
  wall = 5;
  expect(net.passed(deadline)).toBe(false);
  expect(net.reached(deadline)).toBe(true);
  wall = 5.001;
  expect(net.passed(deadline)).toBe(true);
});
