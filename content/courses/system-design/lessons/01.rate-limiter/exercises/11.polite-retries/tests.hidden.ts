import { ManualClock, describe, expect, javaRandom, test } from "judge";
import * as reference from "reference";
import * as learner from "./solution";

type Options = ConstructorParameters<typeof learner.RetryPolicy>[0];

function make(m: typeof learner, overrides: Partial<Options> = {}) {
  return new m.RetryPolicy({
    baseMs: 500,
    capMs: 4000,
    maxAttempts: 5,
    maxWaitMs: 20_000,
    random: () => 0.25,
    clock: new ManualClock(),
    ...overrides,
  });
}

describe("Retry-After", () => {
  test("an HTTP date is read as the time left until then", () => {
    const clock = new ManualClock(Date.UTC(2026, 11, 1, 12, 0, 0));
    const p = make(learner, { clock, random: () => 0 });
    expect(p.retryAfterMs("Tue, 01 Dec 2026 12:00:30 GMT"), "30 s from now").toBe(30_000);
    expect(
      p.delayAfter(1, { status: 503, retryAfter: "Tue, 01 Dec 2026 12:00:05 GMT" }),
      "delay",
    ).toBe(5000);
  });

  test("an HTTP date already past means no wait beyond the jitter", () => {
    const clock = new ManualClock(Date.UTC(2026, 11, 1, 12, 0, 0));
    const p = make(learner, { clock });
    expect(p.retryAfterMs("Tue, 01 Dec 2026 11:59:00 GMT"), "a date a minute ago").toBe(0);
  });

  test("a missing, empty or unreadable header counts as no wait", () => {
    const p = make(learner);
    for (const header of [undefined, null, "", "   ", "soon", "-5", "1.5"]) {
      expect(p.retryAfterMs(header), `retryAfterMs(${JSON.stringify(header)})`).toBe(0);
    }
    expect(p.retryAfterMs(" 7 "), 'retryAfterMs(" 7 ")').toBe(7000);
    expect(p.retryAfterMs("0"), 'retryAfterMs("0")').toBe(0);
  });
});

describe("a durable queue for long waits", () => {
  test("a wait longer than maxWaitMs is handed back as null", () => {
    const p = make(learner, { maxWaitMs: 10_000, random: () => 0 });
    expect(
      p.delayAfter(1, { status: 429, retryAfter: "10" }),
      "Retry-After: 10, max wait 10 s",
    ).toBe(10_000);
    expect(
      p.delayAfter(1, { status: 429, retryAfter: "11" }),
      "Retry-After: 11, max wait 10 s",
    ).toBeNull();
  });

  test("the jitter counts toward the wait", () => {
    const p = make(learner, { maxWaitMs: 10_000, random: () => 0.5 });
    expect(
      p.delayAfter(1, { status: 429, retryAfter: "10" }),
      "10 s plus 250 ms of jitter",
    ).toBeNull();
  });
});

describe("attempts and statuses", () => {
  test("only 429 and 503 are retried", () => {
    const p = make(learner);
    for (const status of [200, 301, 408, 500, 502, 504]) {
      expect(p.delayAfter(1, { status }), `status ${status}`).toBeNull();
    }
  });

  test("maxAttempts of 1 means no retries at all", () => {
    const p = make(learner, { maxAttempts: 1 });
    expect(p.delayAfter(1, { status: 429 }), "after the only attempt").toBeNull();
  });
});

describe("same as the reference", () => {
  test("the same random numbers give the same delays, over many responses", () => {
    const rolls = (seed: number) => {
      const next = javaRandom(seed);
      return () => next(1_000_000) / 1_000_000;
    };
    const clock = new ManualClock(Date.UTC(2026, 11, 1, 12, 0, 0));
    const options = { baseMs: 300, capMs: 5000, maxAttempts: 9, maxWaitMs: 12_000, clock };
    const mine = new learner.RetryPolicy({ ...options, random: rolls(11) });
    const theirs = new reference.RetryPolicy({ ...options, random: rolls(11) });
    const headers = [undefined, "0", "1", "4", "9", "Tue, 01 Dec 2026 12:00:03 GMT", "x"];
    const statuses = [429, 503, 429, 400, 503, 500];
    const next = javaRandom(5);
    const got: (number | null)[] = [];
    const want: (number | null)[] = [];
    for (let i = 0; i < 300; i++) {
      const response = {
        status: statuses[next(statuses.length)]!,
        retryAfter: headers[next(headers.length)],
      };
      const attempt = 1 + next(10);
      got.push(mine.delayAfter(attempt, response));
      want.push(theirs.delayAfter(attempt, response));
    }
    expect(got, "300 delays").toEqual(want);
  });
});
