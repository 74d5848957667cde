import { ManualClock, expect, javaRandom, test } from "judge";
import { RetryPolicy } from "./solution";

/** A seeded stand-in for Math.random: uniform in [0, 1). */
function seeded(seed: number) {
  const next = javaRandom(seed);
  return () => next(1_000_000) / 1_000_000;
}

function policy(clock: ManualClock, random: () => number, maxWaitMs = 30_000) {
  return new RetryPolicy({ baseMs: 1000, capMs: 8000, maxAttempts: 8, maxWaitMs, random, clock });
}

/**
 * `clients` callers hit the server at t=0. It admits `perSlot` requests in each 100 ms slot and
 * refuses the rest with 429 and "Retry-After: 1". Each caller follows its own policy.
 */
function stampede(clients: number, perSlot: number) {
  const clock = new ManualClock();
  const policies = Array.from({ length: clients }, (_, id) => policy(clock, seeded(id + 1)));
  const pending = policies.map((_, id) => ({ at: 0, id, attempt: 1 }));
  const admittedInSlot = new Map<number, number>();
  const retriesInSlot = new Map<number, number>();
  const result = { served: 0, gaveUp: 0, lastServedAt: 0, busiestSlot: 0 };
  while (pending.length > 0) {
    // The earliest call, ties to the lower id (a client has one call pending at most): a scan, not
    // a sort of every pending call per call.
    let first = 0;
    for (let i = 1; i < pending.length; i++) {
      const a = pending[i]!;
      const b = pending[first]!;
      if (a.at < b.at || (a.at === b.at && a.id < b.id)) first = i;
    }
    const call = pending[first];
    pending[first] = pending[pending.length - 1]!;
    pending.pop();
    clock.advance(call!.at - clock.now());
    const slot = Math.floor(call!.at / 100);
    if (call!.at > 0) {
      retriesInSlot.set(slot, (retriesInSlot.get(slot) ?? 0) + 1);
      result.busiestSlot = Math.max(result.busiestSlot, retriesInSlot.get(slot)!);
    }
    if ((admittedInSlot.get(slot) ?? 0) < perSlot) {
      admittedInSlot.set(slot, (admittedInSlot.get(slot) ?? 0) + 1);
      result.served++;
      result.lastServedAt = call!.at;
      continue;
    }
    const wait = policies[call!.id]!.delayAfter(call!.attempt, { status: 429, retryAfter: "1" });
    if (wait === null) result.gaveUp++;
    else pending.push({ at: call!.at + wait, id: call!.id, attempt: call!.attempt + 1 });
  }
  return result;
}

test("errors that retrying cannot fix are not retried", () => {
  const p = policy(new ManualClock(), seeded(1));
  for (const status of [400, 401, 403, 404, 422]) {
    expect(p.delayAfter(1, { status }), `delayAfter(1, { status: ${status} })`).toBeNull();
  }
  expect(p.delayAfter(1, { status: 429 }) !== null, "a 429 is retried").toBe(true);
  expect(p.delayAfter(1, { status: 503 }) !== null, "a 503 is retried").toBe(true);
});

test("Retry-After is a floor: never sooner than the server asked", () => {
  const p = policy(new ManualClock(), () => 0);
  expect(p.delayAfter(1, { status: 429, retryAfter: "3" }), "delay with random() = 0").toBe(3000);
  const q = policy(new ManualClock(), () => 0.9999);
  expect(q.delayAfter(1, { status: 429, retryAfter: "3" }), "delay with random() = 0.9999").toBe(
    3999,
  );
});

test("the jitter window doubles with each attempt, up to capMs", () => {
  const p = policy(new ManualClock(), () => 0.5);
  const delays = [1, 2, 3, 4, 5, 6].map((attempt) => p.delayAfter(attempt, { status: 503 }));
  expect(delays, "delays after attempts 1-6 with random() = 0.5").toEqual([
    500, 1000, 2000, 4000, 4000, 4000,
  ]);
});

test("after maxAttempts attempts, it stops", () => {
  const p = policy(new ManualClock(), () => 0.5);
  expect(p.delayAfter(7, { status: 429 }) !== null, "after attempt 7 of 8").toBe(true);
  expect(p.delayAfter(8, { status: 429 }), "after attempt 8 of 8").toBeNull();
});

test("a hundred clients refused at the same instant do not come back at the same instant", () => {
  const run = stampede(100, 10);
  expect(run.busiestSlot, "most retries landing in one 100 ms slot").toBeLessThanOrEqual(25);
  expect(run.gaveUp, "clients that gave up").toBe(0);
  expect(run.served, "clients served").toBe(100);
  expect(run.lastServedAt, "ms until the last client was served").toBeLessThanOrEqual(10_000);
});
