import { describe, expect, test } from "judge";
import * as reference from "reference";
import * as learner from "./solution";

type Decision = learner.Decision;

const base: Decision = {
  allowed: false,
  limit: 10,
  remaining: 0,
  resetMs: 5_000,
  retryAfterMs: 2_000,
};

/** The answer without `detail`, whose wording is free as long as it quotes the policy. */
function shape(answer: learner.HttpAnswer) {
  const { body, ...rest } = answer;
  if (!body) return rest;
  const { detail: _detail, ...fields } = body;
  return { ...rest, body: fields };
}

describe("Retry-After", () => {
  test("never 0, even when the wait is under a second", () => {
    expect(
      learner.rateLimitHeaders({ ...base, retryAfterMs: 1 })["Retry-After"],
      "Retry-After for 1 ms",
    ).toBe("1");
    expect(
      learner.rateLimitHeaders({ ...base, retryAfterMs: 0 })["Retry-After"],
      "Retry-After for 0 ms",
    ).toBe("1");
  });

  test("rounded up, not to the nearest second", () => {
    expect(
      learner.rateLimitHeaders({ ...base, retryAfterMs: 2_001 })["Retry-After"],
      "for 2001 ms",
    ).toBe("3");
    expect(
      learner.rateLimitHeaders({ ...base, retryAfterMs: 3_000 })["Retry-After"],
      "for 3000 ms",
    ).toBe("3");
  });

  test("absent when allowed", () => {
    const headers = learner.rateLimitHeaders({
      ...base,
      allowed: true,
      remaining: 3,
      retryAfterMs: 0,
    });
    expect("Retry-After" in headers, "Retry-After present on an allowed answer").toBe(false);
  });

  test("absent when the request can never succeed", () => {
    const answer = learner.httpAnswer({ ...base, retryAfterMs: Infinity });
    expect(
      "Retry-After" in answer.headers,
      "Retry-After present for a request that never fits",
    ).toBe(false);
    expect(answer.status, "status").toBe(429);
    expect(answer.body?.retryAfter, "body.retryAfter").toBe(undefined);
  });
});

describe("degraded decisions", () => {
  test("fail-open publishes no remaining quota", () => {
    const headers = learner.rateLimitHeaders({ ...base, allowed: true, degraded: "fail-open" });
    expect(headers, "headers").toEqual({ "RateLimit-Limit": "10" });
  });

  test("a fallback decision is reported like any other", () => {
    const headers = learner.rateLimitHeaders({ ...base, degraded: "fallback" });
    expect(headers, "headers").toEqual(
      reference.rateLimitHeaders({ ...base, degraded: "fallback" }),
    );
  });
});

describe("numbers", () => {
  test("remaining is never negative", () => {
    expect(
      learner.rateLimitHeaders({ ...base, remaining: -3 })["RateLimit-Remaining"],
      "header",
    ).toBe("0");
    expect(learner.httpAnswer({ ...base, remaining: -3 }).body?.remaining, "body.remaining").toBe(
      0,
    );
  });

  test("reset is in whole seconds, rounded up", () => {
    expect(learner.rateLimitHeaders({ ...base, resetMs: 1 })["RateLimit-Reset"], "for 1 ms").toBe(
      "1",
    );
    expect(learner.rateLimitHeaders({ ...base, resetMs: 0 })["RateLimit-Reset"], "for 0 ms").toBe(
      "0",
    );
  });

  test("a custom problem type is used", () => {
    const answer = learner.httpAnswer(base, { type: "https://example.com/probs/slow-down" });
    expect(answer.body?.type, "body.type").toBe("https://example.com/probs/slow-down");
  });

  test("the default policy names the limit", () => {
    const detail = learner.httpAnswer(base).body?.detail ?? "";
    expect(
      detail.includes("10 requests per period"),
      `detail "${detail}" names the default policy`,
    ).toBe(true);
  });
});

describe("same as the reference", () => {
  test("every combination matches the reference", () => {
    for (const allowed of [true, false]) {
      for (const remaining of [-1, 0, 7]) {
        for (const resetMs of [0, 1001]) {
          for (const retryAfterMs of [0, 1, 1500, Infinity]) {
            for (const degraded of [undefined, "fail-open", "fallback"] as const) {
              const decision: Decision = { allowed, limit: 20, remaining, resetMs, retryAfterMs };
              if (degraded) decision.degraded = degraded;
              const mine = {
                headers: learner.rateLimitHeaders(decision),
                answer: shape(learner.httpAnswer(decision)),
              };
              const theirs = {
                headers: reference.rateLimitHeaders(decision),
                answer: shape(reference.httpAnswer(decision)),
              };
              // The label is built only for a mismatch: most combinations match.
              if (JSON.stringify(mine) !== JSON.stringify(theirs)) {
                const what = JSON.stringify({ ...decision, retryAfterMs: String(retryAfterMs) });
                expect(mine, `for ${what}`).toEqual(theirs);
              }
            }
          }
        }
      }
    }
  });
});
