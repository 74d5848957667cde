import { ManualClock, expect, test } from "judge";
import { ConcurrencyLimiter } from "./solution";

function gate(clock = new ManualClock()) {
  return new ConcurrencyLimiter({ maxInFlight: 5, reservedForCritical: 2, leaseMs: 1000, clock });
}

/** Starts `n` requests of one priority and returns the permits, null for each refusal. */
function start(limiter: ConcurrencyLimiter, n: number, priority: "critical" | "normal") {
  return Array.from({ length: n }, () => limiter.tryStart(priority));
}

test("critical requests fill every slot, then are refused", () => {
  const limiter = gate();
  const admitted = start(limiter, 6, "critical").map((p) => p !== null);
  expect(admitted, "6 critical requests with maxInFlight 5").toEqual([
    true,
    true,
    true,
    true,
    true,
    false,
  ]);
  expect(limiter.inFlight(), "inFlight()").toBe(5);
});

test("normal requests stop where the critical reserve begins", () => {
  const limiter = gate();
  const normal = start(limiter, 4, "normal").map((p) => p !== null);
  expect(normal, "4 normal requests, 5 slots of which 2 reserved").toEqual([
    true,
    true,
    true,
    false,
  ]);
  const critical = start(limiter, 3, "critical").map((p) => p !== null);
  expect(critical, "then 3 critical requests").toEqual([true, true, false]);
});

test("finishing a permit frees its slot, exactly once", () => {
  const limiter = gate();
  const [first] = start(limiter, 3, "normal");
  expect(limiter.tryStart("normal"), "a 4th normal request").toBeNull();
  expect(limiter.finish(first!), "finish(first)").toBe(true);
  expect(limiter.finish(first!), "finish(first) again").toBe(false);
  expect(limiter.tryStart("normal") !== null, "a normal request after one finished").toBe(true);
  expect(limiter.tryStart("normal"), "and another").toBeNull();
});

test("a permit nobody finishes is reclaimed when its lease runs out", () => {
  const clock = new ManualClock();
  const limiter = gate(clock);
  start(limiter, 3, "normal");
  clock.advance(999);
  expect(limiter.inFlight(), "inFlight() at 999 ms").toBe(3);
  expect(limiter.tryStart("normal"), "a normal request at 999 ms").toBeNull();
  clock.advance(1);
  expect(limiter.inFlight(), "inFlight() at 1000 ms, when the leases run out").toBe(0);
  expect(limiter.tryStart("normal") !== null, "a normal request at 1000 ms").toBe(true);
});
