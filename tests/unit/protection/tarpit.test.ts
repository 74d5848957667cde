import { describe, expect, test } from "vitest";
import { ManualClock } from "@/lib/limiters";
import { DEFAULT_RATE_LIMITS } from "@/lib/protection/config";
import { Gatekeeper } from "@/lib/protection/gatekeeper";
import { createProtection } from "@/lib/protection/protection";
import { Tarpit } from "@/lib/protection/tarpit";

function setup(options: { maxHeld?: number; delayMs?: number } = {}) {
  const clock = new ManualClock(0);
  const slept: number[] = [];
  const pending: (() => void)[] = [];
  const tarpit = new Tarpit({
    patience: 3,
    forgivenPerMinute: 6,
    delayMs: options.delayMs ?? 1_000,
    maxHeld: options.maxHeld ?? 100,
    clock,
    sleep: (ms) => {
      slept.push(ms);
      return new Promise<void>((resolve) => pending.push(resolve));
    },
  });
  const release = () => pending.splice(0).forEach((resolve) => resolve());
  return { clock, tarpit, slept, release };
}

describe("tarpit", () => {
  test("refusals within the patience are sent at once; beyond it they wait", async () => {
    const { tarpit, slept, release } = setup();
    for (let i = 0; i < 3; i++) expect(await tarpit.hold("k", 30_000)).toBe(0);
    const held = tarpit.hold("k", 30_000);
    expect(tarpit.holding).toBe(1);
    release();
    expect(await held).toBe(1_000);
    expect(slept).toEqual([1_000]);
    // Another client is not affected.
    expect(await tarpit.hold("other", 30_000)).toBe(0);
  });

  test("a refusal never waits longer than the client had to wait anyway", async () => {
    const { tarpit, release } = setup();
    for (let i = 0; i < 3; i++) await tarpit.hold("k", 200);
    const held = tarpit.hold("k", 200);
    release();
    expect(await held).toBe(200);
  });

  test("patience comes back with time: a client that paused is answered at once again", async () => {
    const { tarpit, clock } = setup();
    for (let i = 0; i < 3; i++) await tarpit.hold("k", 30_000);
    clock.advance(10_000); // 6 per minute: one refusal forgiven
    expect(await tarpit.hold("k", 30_000)).toBe(0);
  });

  test("past the cap on held refusals, refusals are sent at once", async () => {
    const { tarpit, release } = setup({ maxHeld: 2 });
    for (let i = 0; i < 3; i++) await tarpit.hold("k", 30_000);
    const held = [tarpit.hold("k", 30_000), tarpit.hold("k", 30_000)];
    expect(tarpit.holding).toBe(2);
    expect(await tarpit.hold("k", 30_000)).toBe(0);
    release();
    expect(await Promise.all(held)).toEqual([1_000, 1_000]);
  });

  test("a delay of 0 switches it off", async () => {
    const { tarpit } = setup({ delayMs: 0 });
    for (let i = 0; i < 10; i++) expect(await tarpit.hold("k", 30_000)).toBe(0);
  });

  test("protect holds the refusals of a client that keeps knocking, and only those", async () => {
    const { clock, tarpit, slept, release } = setup();
    const protection = createProtection({
      gatekeeper: new Gatekeeper({
        limits: {
          ...DEFAULT_RATE_LIMITS,
          judge: {
            learner: null,
            ip: { capacity: 1, perMinute: 1 },
            failure: { mode: "open" },
          },
        },
        clock,
      }),
      trustProxy: { kind: "none" },
      identifyLearner: async () => null,
      tarpit,
    });
    const request = () =>
      new Request("http://localhost/x", { headers: { "x-forwarded-for": "203.0.113.4" } });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await protection.protect(request(), "judge")).refusal?.status ?? 200);
    }
    expect(statuses).toEqual([200, 429, 429, 429]);
    expect(slept).toEqual([]);
    const fifth = protection.protect(request(), "judge");
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(slept).toEqual([1_000]);
    release();
    expect((await fifth).refusal?.status).toBe(429);
  });
});
