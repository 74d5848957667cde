import { describe, expect, test } from "vitest";
import { expectAcceptedWhateverSeed, judgeExercise, solutionOf } from "./judge-helpers";

// Correct GCRAs as published code writes them, equal on paper to the lesson's rule and different in
// the last bit: on a full bucket, (max(tat, now) + n·T) − now can round above n·T whatever now is,
// so the lesson's own spelling refuses there what a check-before-add spelling admits. Each is judged
// with the exercise's own seed and two more, so a pass cannot be luck of one seed.

const gcra = (fields: string, constructor: string, tryAcquire: string, retryAfter: string) => `
import type { Clock } from "judge";
export class Gcra {
  readonly intervalMs: number;
  private tat: number;
  ${fields}
  constructor(readonly capacity: number, readonly perSecond: number, private readonly clock: Clock) {
    ${constructor}
    this.tat = clock.now();
  }
  allow(): boolean { return this.tryAcquire(1); }
  tryAcquire(n = 1): boolean {
    const now = this.clock.now();
    ${tryAcquire}
  }
  retryAfterMs(n = 1): number {
    if (n > this.capacity) return Infinity;
    const now = this.clock.now();
    ${retryAfter}
  }
  theoreticalArrivalTime(): number { return this.tat; }
}`;

const checkThenAdd = (tau: string) =>
  gcra(
    "",
    "this.intervalMs = 1000 / perSecond;",
    `if (n > this.capacity) return false;
    if (this.tat - now > ${tau}) return false;
    this.tat = Math.max(this.tat, now) + n * this.intervalMs;
    return true;`,
    `return Math.max(0, this.tat - now - ${tau});`,
  );

const spellings = {
  "the lesson's: next - now <= capacity * T": solutionOf("gcra"),
  "check then add: tat - now > (capacity - n) * T denies": checkThenAdd(
    "(this.capacity - n) * this.intervalMs",
  ),
  "add then check: newTat - now > tau + T denies, tau = (capacity - 1) * T": gcra(
    "private readonly tau: number;",
    "this.intervalMs = 1000 / perSecond; this.tau = (capacity - 1) * this.intervalMs;",
    `const newTat = Math.max(this.tat, now) + n * this.intervalMs;
    if (newTat - now > this.tau + this.intervalMs) return false;
    this.tat = newTat;
    return true;`,
    `return Math.max(0, Math.max(this.tat, now) + n * this.intervalMs - now - (this.tau + this.intervalMs));`,
  ),
  "allow-at: now < newTat - capacity * T denies": gcra(
    "private readonly tolerance: number;",
    "this.intervalMs = 1000 / perSecond; this.tolerance = capacity * this.intervalMs;",
    `const newTat = Math.max(this.tat, now) + n * this.intervalMs;
    const allowAt = newTat - this.tolerance;
    if (now < allowAt) return false;
    this.tat = newTat;
    return true;`,
    `return Math.max(0, Math.max(this.tat, now) + n * this.intervalMs - this.tolerance - now);`,
  ),
  "allow-at before adding: now < tat - (capacity - n) * T denies": gcra(
    "",
    "this.intervalMs = 1000 / perSecond;",
    `if (n > this.capacity) return false;
    if (now < this.tat - (this.capacity - n) * this.intervalMs) return false;
    this.tat = Math.max(this.tat, now) + n * this.intervalMs;
    return true;`,
    `return Math.max(0, this.tat - (this.capacity - n) * this.intervalMs - now);`,
  ),
  "T = periodMs / limit, burst offset = periodMs * capacity / limit": gcra(
    "private readonly burstOffset: number;",
    "const periodMs = 1000; this.intervalMs = periodMs / perSecond; this.burstOffset = (periodMs * capacity) / perSecond;",
    `const newTat = Math.max(this.tat, now) + n * this.intervalMs;
    if (newTat - now > this.burstOffset) return false;
    this.tat = newTat;
    return true;`,
    `return Math.max(0, Math.max(this.tat, now) + n * this.intervalMs - now - this.burstOffset);`,
  ),
};

describe("gcra", () => {
  test.each(Object.entries(spellings))(
    "a correct GCRA spelled %s is accepted, whatever the seed",
    (_, code) => expectAcceptedWhateverSeed("gcra", code),
  );

  test("a check-then-add GCRA whose tau is capacity intervals admits one request too many", async () => {
    const doc = await judgeExercise("gcra", checkThenAdd("this.capacity * this.intervalMs"));
    expect(doc.verdict).toBe("wrong_answer");
    expect(doc.tests.find((t) => t.status === "fail")?.message).toContain(
      "request 11 at t=0.000s: expected denied, your limiter allowed",
    );
  });
});
