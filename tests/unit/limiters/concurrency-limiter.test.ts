import { describe, expect, test } from "vitest";
import { ConcurrencyLimiter, ManualClock } from "@/lib/limiters";

function limiter(clock = new ManualClock(0)) {
  return new ConcurrencyLimiter({ maxInFlight: 5, reservedForCritical: 2, leaseMs: 1000, clock });
}

describe("ConcurrencyLimiter", () => {
  test("normal requests stop where the critical reserve begins; critical ones fill the rest", () => {
    const gate = limiter();
    const normal = Array.from({ length: 4 }, () => gate.tryStart("normal"));
    expect(normal.map((p) => p !== null)).toEqual([true, true, true, false]);
    expect(gate.tryStart("critical")).not.toBeNull();
    expect(gate.tryStart("critical")).not.toBeNull();
    expect(gate.tryStart("critical")).toBeNull();
    expect(gate.inFlight()).toBe(5);
  });

  test("finishing a permit frees exactly one slot, and only once", () => {
    const gate = limiter();
    const first = gate.tryStart()!;
    gate.tryStart();
    gate.tryStart();
    expect(gate.tryStart()).toBeNull();
    expect(gate.finish(first)).toBe(true);
    expect(gate.finish(first)).toBe(false);
    expect(gate.finish(999)).toBe(false);
    expect(gate.tryStart()).not.toBeNull();
    expect(gate.tryStart()).toBeNull();
  });

  test("a permit nobody finishes is reclaimed when its lease runs out, not a millisecond sooner", () => {
    const clock = new ManualClock(0);
    const gate = limiter(clock);
    const lost = gate.tryStart("critical")!;
    clock.advance(400);
    gate.tryStart("critical");
    clock.advance(599);
    expect(gate.inFlight()).toBe(2);
    clock.advance(1);
    expect(gate.inFlight()).toBe(1);
    expect(gate.finish(lost)).toBe(false);
    expect(gate.inFlight()).toBe(1);
  });

  test("misuse is refused with a RangeError naming the option", () => {
    const clock = new ManualClock(0);
    const make = (
      o: Partial<{ maxInFlight: number; reservedForCritical: number; leaseMs: number }>,
    ) =>
      new ConcurrencyLimiter({ maxInFlight: 2, reservedForCritical: 0, leaseMs: 10, clock, ...o });
    expect(() => make({ maxInFlight: 0 })).toThrow(/maxInFlight/);
    expect(() => make({ reservedForCritical: 3 })).toThrow(/exceeds/);
    expect(() => make({ leaseMs: 0 })).toThrow(/leaseMs/);
  });
});
