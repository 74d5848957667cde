import { describe, expect, test } from "vitest";
import { ManualClock, RetryPolicy } from "@/lib/limiters";

const noon = Date.UTC(2026, 11, 1, 12, 0, 0);

function policy(random: () => number, maxWaitMs = 30_000) {
  const clock = new ManualClock(noon);
  return new RetryPolicy({ baseMs: 1000, capMs: 8000, maxAttempts: 4, maxWaitMs, random, clock });
}

describe("RetryPolicy", () => {
  test("Retry-After is a floor and the jitter window doubles per attempt up to the cap", () => {
    const p = policy(() => 0.5);
    expect(p.delayAfter(1, { status: 429, retryAfter: "2" })).toBe(2500);
    expect(p.delayAfter(2, { status: 503 })).toBe(1000);
    expect(p.delayAfter(3, { status: 503 })).toBe(2000);
    const capped = new RetryPolicy({
      baseMs: 1000,
      capMs: 3000,
      maxAttempts: 9,
      maxWaitMs: 30_000,
      random: () => 0.5,
      clock: new ManualClock(0),
    });
    expect(capped.delayAfter(6, { status: 429 })).toBe(1500);
  });

  test("it stops on statuses retrying cannot fix, after the last attempt and past maxWaitMs", () => {
    const p = policy(() => 0, 5000);
    expect(p.delayAfter(1, { status: 400 })).toBeNull();
    expect(p.delayAfter(4, { status: 429 })).toBeNull();
    expect(p.delayAfter(1, { status: 429, retryAfter: "5" })).toBe(5000);
    expect(p.delayAfter(1, { status: 429, retryAfter: "6" })).toBeNull();
  });

  test("Retry-After is read as whole seconds or an HTTP date, and nothing else", () => {
    const p = policy(() => 0);
    expect(p.retryAfterMs("Tue, 01 Dec 2026 12:00:30 GMT")).toBe(30_000);
    expect(p.retryAfterMs("Tue, 01 Dec 2026 11:00:00 GMT")).toBe(0);
    expect(p.retryAfterMs(" 12 ")).toBe(12_000);
    for (const junk of [undefined, null, "", "1.5", "-3", "soon"])
      expect(p.retryAfterMs(junk)).toBe(0);
  });

  test("misuse is refused with a RangeError naming the option", () => {
    const clock = new ManualClock(0);
    const base = {
      baseMs: 100,
      capMs: 1000,
      maxAttempts: 3,
      maxWaitMs: 1000,
      random: () => 0,
      clock,
    };
    expect(() => new RetryPolicy({ ...base, baseMs: 0 })).toThrow(/baseMs/);
    expect(() => new RetryPolicy({ ...base, capMs: 50 })).toThrow(/capMs/);
    expect(() => new RetryPolicy({ ...base, maxAttempts: 0 })).toThrow(/maxAttempts/);
  });
});
