import { ManualClock, describe, expect, expectSameAs, javaRandom, test, traceOf } from "judge";
import * as reference from "reference";
import * as learner from "./solution";

type Limiter = InstanceType<typeof learner.ConcurrencyLimiter>;

function make(m: typeof learner, clock: ManualClock, max = 5, reserved = 2, leaseMs = 1000) {
  return new m.ConcurrencyLimiter({
    maxInFlight: max,
    reservedForCritical: reserved,
    leaseMs,
    clock,
  });
}

describe("permits", () => {
  test("permit ids are never reused, even after a slot is freed", () => {
    const limiter = make(learner, new ManualClock(), 1, 0);
    const seen = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const permit = limiter.tryStart("normal");
      expect(permit !== null, `request ${i + 1} after the previous one finished`).toBe(true);
      expect(seen.has(permit!), `permit ${permit} handed out twice`).toBe(false);
      seen.add(permit!);
      limiter.finish(permit!);
    }
  });

  test("finishing a permit that was never issued frees nothing", () => {
    const limiter = make(learner, new ManualClock());
    limiter.tryStart("critical");
    expect(limiter.finish(12345), "finish(12345)").toBe(false);
    expect(limiter.inFlight(), "inFlight() afterwards").toBe(1);
  });

  test("finishing an expired permit does not free a live one", () => {
    const clock = new ManualClock();
    const limiter = make(learner, clock, 2, 0);
    const old = limiter.tryStart("normal")!;
    clock.advance(1000);
    limiter.tryStart("normal");
    limiter.tryStart("normal");
    expect(limiter.finish(old), "finish() of the permit that expired").toBe(false);
    expect(limiter.inFlight(), "inFlight()").toBe(2);
    expect(limiter.tryStart("critical"), "a critical request while both slots are live").toBeNull();
  });
});

describe("leases", () => {
  test("each lease runs from its own start", () => {
    const clock = new ManualClock();
    const limiter = make(learner, clock);
    limiter.tryStart("critical");
    clock.advance(300);
    limiter.tryStart("critical");
    clock.advance(700);
    expect(limiter.inFlight(), "inFlight() at 1000 ms").toBe(1);
    clock.advance(299);
    expect(limiter.inFlight(), "inFlight() at 1299 ms").toBe(1);
    clock.advance(1);
    expect(limiter.inFlight(), "inFlight() at 1300 ms").toBe(0);
  });

  test("an expired lease frees room for the next request at once", () => {
    const clock = new ManualClock();
    const limiter = make(learner, clock, 3, 0, 50);
    limiter.tryStart("normal");
    limiter.tryStart("normal");
    limiter.tryStart("normal");
    clock.advance(50);
    const again = [0, 1, 2, 3].map(() => limiter.tryStart("normal") !== null);
    expect(again, "4 requests at 50 ms, when the first three leases end").toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});

describe("priority", () => {
  test("with no reserve, both priorities share every slot", () => {
    const limiter = make(learner, new ManualClock(), 3, 0);
    expect(limiter.tryStart("normal") !== null, "normal 1").toBe(true);
    expect(limiter.tryStart("normal") !== null, "normal 2").toBe(true);
    expect(limiter.tryStart("normal") !== null, "normal 3").toBe(true);
    expect(limiter.tryStart("critical"), "critical, all 3 slots taken").toBeNull();
  });

  test("when every slot is reserved, only critical work runs", () => {
    const limiter = make(learner, new ManualClock(), 2, 2);
    expect(limiter.tryStart("normal"), "normal request").toBeNull();
    expect(limiter.tryStart(), "a request with no priority counts as normal").toBeNull();
    expect(limiter.tryStart("critical") !== null, "critical request").toBe(true);
  });

  test("critical requests can use the normal share too", () => {
    const limiter = make(learner, new ManualClock(), 4, 1);
    const critical = [0, 1, 2, 3, 4].map(() => limiter.tryStart("critical") !== null);
    expect(critical, "5 critical requests, 4 slots").toEqual([true, true, true, true, false]);
    expect(limiter.tryStart("normal"), "a normal request after them").toBeNull();
  });
});

describe("same as the reference", () => {
  // A step's key says what happens: "critical" or "normal" starts a request; "finish" ends the
  // oldest one this limiter admitted and still remembers, whether or not its lease has run out.
  const held = new WeakMap<Limiter, number[]>();
  const call = (limiter: Limiter, step: { key?: string }) => {
    if (!held.has(limiter)) held.set(limiter, []);
    const mine = held.get(limiter)!;
    if (step.key === "finish")
      return mine.length > 0 ? limiter.finish(mine.shift()!) : limiter.inFlight();
    const permit = limiter.tryStart(step.key as "critical" | "normal");
    if (permit !== null) mine.push(permit);
    return permit !== null;
  };

  for (const [max, reserved, leaseMs, seed] of [
    [5, 2, 1000, 1],
    [1, 0, 300, 2],
    [8, 3, 2500, 3],
    [3, 3, 700, 4],
  ] as const) {
    test(`a long mixed trace with maxInFlight ${max}, ${reserved} reserved and ${leaseMs} ms leases matches the reference`, () => {
      const next = javaRandom(seed);
      const kinds = ["critical", "normal", "normal", "finish"];
      let at = 0;
      // Some gaps are one lease, or one ms short of it: a lease that ends a ms early or late shows.
      const steps = traceOf(120, () => {
        const gap = next(5);
        at +=
          gap === 0
            ? 0
            : gap === 3
              ? leaseMs
              : gap === 4
                ? leaseMs - 1
                : next(Math.ceil(leaseMs / 4));
        return { at, key: kinds[next(4)] };
      });
      expectSameAs(learner, reference, {
        setup: `new ConcurrencyLimiter({ maxInFlight: ${max}, reservedForCritical: ${reserved}, leaseMs: ${leaseMs}, clock })`,
        create: (m: typeof learner, clock) => make(m, clock, max, reserved, leaseMs),
        call,
        steps,
      });
    });
  }
});
