import { describe, expect, test } from "vitest";
import { FixedWindow, ManualClock, SlidingLog, TokenBucket } from "@/lib/limiters";
import {
  burstTrace,
  evenTrace,
  replay,
  seededTrace,
  simulateCluster,
  type ClusterOptions,
} from "@/lib/simulation";

const fixedPerMinute: ClusterOptions["makeLimiter"] = (limit, clock) =>
  new FixedWindow(limit, 60_000, clock);

function cluster(overrides: Partial<ClusterOptions>): ClusterOptions {
  return {
    instances: 3,
    routing: { policy: "round-robin" },
    placement: "full",
    limit: 100,
    makeLimiter: fixedPerMinute,
    ...overrides,
  };
}

describe("load balancer simulation", () => {
  test("the notes' 300 / 99 / 63 outcome", () => {
    const full = simulateCluster(burstTrace(300), cluster({}));
    const even = simulateCluster(burstTrace(100), cluster({ placement: "divided" }));
    const skewed = simulateCluster(
      burstTrace(100),
      cluster({ placement: "divided", routing: { policy: "weighted", weights: [70, 20, 10] } }),
    );
    expect([full.allowed, even.allowed, skewed.allowed]).toEqual([300, 99, 63]);
    expect(skewed.perInstance).toEqual([
      { routed: 70, allowed: 33 },
      { routed: 20, allowed: 20 },
      { routed: 10, allowed: 10 },
    ]);
  });

  test("100/min becomes 1,200/min at twelve instances, and a shared store keeps it at 100", () => {
    const trace = evenTrace(2_000, 60_000);
    expect(simulateCluster(trace, cluster({ instances: 12 })).allowed).toBe(1_200);
    expect(simulateCluster(trace, cluster({ instances: 12, placement: "shared" })).allowed).toBe(
      100,
    );
  });

  test("weighted routing interleaves rather than clumps", () => {
    const { perInstance } = simulateCluster(
      evenTrace(10, 1_000),
      cluster({ routing: { policy: "weighted", weights: [3, 1, 1] }, limit: 1_000 }),
    );
    expect(perInstance.map((i) => i.routed)).toEqual([6, 2, 2]);
  });

  test("sticky routing sends every request of a key to one instance", () => {
    const trace = ["alice", "bob", "carol", "dave"].flatMap((key) => burstTrace(50, 0, key));
    const { perInstance, allowed } = simulateCluster(
      trace,
      cluster({ routing: { policy: "sticky" }, placement: "divided" }),
    );
    // Every key gets 33 (its one instance's whole divided limit), if it has that instance alone.
    expect(perInstance.reduce((sum, i) => sum + i.routed, 0)).toBe(200);
    expect(perInstance.filter((i) => i.routed > 0).every((i) => i.routed % 50 === 0)).toBe(true);
    expect(allowed).toBe(perInstance.filter((i) => i.routed > 0).length * 33);
  });

  test("an instance restarting cold hands out its limit again", () => {
    const trace = evenTrace(300, 30_000);
    const steady = simulateCluster(trace, cluster({ placement: "divided" }));
    const restarted = simulateCluster(
      trace,
      cluster({ placement: "divided", restarts: [{ instance: 0, at: 15_000 }] }),
    );
    expect(steady.allowed).toBe(99);
    expect(restarted.allowed).toBe(132);
    // A shared store does not forget when an instance restarts.
    const shared = simulateCluster(
      trace,
      cluster({ placement: "shared", restarts: [{ instance: 0, at: 15_000 }] }),
    );
    expect(shared.allowed).toBe(100);
  });

  test("bad weights and instance counts are misuse and throw", () => {
    expect(() =>
      simulateCluster(burstTrace(1), cluster({ routing: { policy: "weighted", weights: [1, 1] } })),
    ).toThrow(RangeError);
    expect(() => simulateCluster(burstTrace(1), cluster({ instances: 0 }))).toThrow(RangeError);
  });
});

describe("traces and replay", () => {
  test("a seeded trace replays the notes' JavaRandom(4) arrivals", () => {
    const trace = seededTrace({ seed: 4, seconds: 600, maxPerSecond: 6 });
    const clock = new ManualClock(0);
    const result = replay(trace, new SlidingLog(100, 60_000, clock), clock);
    expect(result.allowed).toBe(993); // the notes' "offered 150/min -> log allowed 993"
    expect(result.decisions).toHaveLength(trace.length);
  });

  test("the same seed gives the same trace; another seed gives another", () => {
    const a = seededTrace({ seed: 7, seconds: 60, maxPerSecond: 5 });
    expect(seededTrace({ seed: 7, seconds: 60, maxPerSecond: 5 })).toEqual(a);
    expect(seededTrace({ seed: 8, seconds: 60, maxPerSecond: 5 })).not.toEqual(a);
  });

  test("replay moves the clock to each arrival", () => {
    const clock = new ManualClock(0);
    const result = replay(evenTrace(20, 4_000), new TokenBucket(2, 1, clock), clock);
    // 2 at once, then one per second over the remaining 3.8 s.
    expect(result.allowed).toBe(5);
    expect(clock.now()).toBe(3_800);
  });
});
