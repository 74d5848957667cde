import { describe, expect, test } from "vitest";
import {
  type Decision,
  type KeyedAlgorithm,
  KeyedLimiter,
  ManualClock,
  httpAnswer,
  keyedFixedWindow,
  keyedSlidingCounter,
  keyedSlidingLog,
  keyedTokenBucket,
  rateLimitHeaders,
  refusalResponse,
  withRateLimitHeaders,
} from "@/lib/limiters";

function keyed<P>(algorithm: KeyedAlgorithm<P>, plan: P) {
  const clock = new ManualClock(30_000);
  const limiter = new KeyedLimiter({ algorithm, plans: { p: plan }, maxKeys: 10, clock });
  return { clock, take: (cost = 1) => limiter.tryAcquire("k", cost) };
}

function exhaust(take: () => Decision, times: number): Decision {
  let last = take();
  for (let i = 1; i < times; i++) last = take();
  return last;
}

describe("quota headers per algorithm (100 per minute, the notes' example)", () => {
  test("fixed window: reset and Retry-After are the rest of the aligned minute", () => {
    const { take } = keyed(keyedFixedWindow, { limit: 100, windowMs: 60_000 });
    expect(rateLimitHeaders(take())).toEqual({
      "RateLimit-Limit": "100",
      "RateLimit-Remaining": "99",
      "RateLimit-Reset": "30",
    });
    exhaust(take, 99);
    expect(rateLimitHeaders(take())).toEqual({
      "RateLimit-Limit": "100",
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "30",
      "Retry-After": "30",
    });
  });

  test("token bucket: Retry-After is the time to earn one token, reset the time to refill", () => {
    const { take } = keyed(keyedTokenBucket, { capacity: 100, perSecond: 100 / 60 });
    expect(rateLimitHeaders(take())).toEqual({
      "RateLimit-Limit": "100",
      "RateLimit-Remaining": "99",
      "RateLimit-Reset": "1",
    });
    exhaust(take, 99);
    expect(rateLimitHeaders(take())).toEqual({
      "RateLimit-Limit": "100",
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "60",
      "Retry-After": "1",
    });
  });

  test("sliding counter: Retry-After is when the fading estimate drops below the limit", () => {
    const { clock, take } = keyed(keyedSlidingCounter, { limit: 100, windowMs: 60_000 });
    exhaust(take, 100); // 100 at t=30s in window 0
    clock.advance(45_000); // t=75s: previous=100 weighs 75%, so 25 fit
    expect(rateLimitHeaders(exhaust(take, 25))).toEqual({
      "RateLimit-Limit": "100",
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "105",
    });
    // estimate 100 at 15s into the window: one more fits once 1/100 of the previous has faded.
    expect(rateLimitHeaders(take())).toEqual({
      "RateLimit-Limit": "100",
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "105",
      "Retry-After": "1",
    });
  });

  test("sliding log: Retry-After is when the oldest request leaves the window", () => {
    const { clock, take } = keyed(keyedSlidingLog, { limit: 100, windowMs: 60_000 });
    take();
    clock.advance(20_000);
    exhaust(take, 99);
    expect(rateLimitHeaders(take())).toEqual({
      "RateLimit-Limit": "100",
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "60",
      "Retry-After": "40",
    });
  });
});

describe("the HTTP answer", () => {
  const refused: Decision = {
    allowed: false,
    limit: 100,
    remaining: 0,
    resetMs: 30_000,
    retryAfterMs: 29_001,
  };

  test("a refusal is a 429 problem+json with the notes' headers, never a 503", () => {
    const answer = httpAnswer(refused, { policy: "100 requests per minute per API key" });
    expect(answer).toEqual({
      status: 429,
      headers: {
        "RateLimit-Limit": "100",
        "RateLimit-Remaining": "0",
        "RateLimit-Reset": "30",
        "Retry-After": "30",
        "Content-Type": "application/problem+json",
      },
      body: {
        type: "/problems/rate-limit-exceeded",
        title: "Too Many Requests",
        status: 429,
        detail: "100 requests per minute per API key. Retry after 30 seconds.",
        retryAfter: 30,
        limit: 100,
        remaining: 0,
      },
    });
  });

  test("an allowed request proceeds with the same quota headers and no body", () => {
    const allowed = { ...refused, allowed: true, remaining: 41, retryAfterMs: 0 };
    expect(httpAnswer(allowed)).toEqual({
      status: 200,
      headers: { "RateLimit-Limit": "100", "RateLimit-Remaining": "41", "RateLimit-Reset": "30" },
    });
  });

  test("Retry-After is never 0, even when the wait is under a millisecond of a second", () => {
    expect(rateLimitHeaders({ ...refused, retryAfterMs: 1 })["Retry-After"]).toBe("1");
  });

  test("a request costlier than the whole quota gets no Retry-After, and says why", () => {
    const answer = httpAnswer({ ...refused, retryAfterMs: Infinity });
    expect(answer.headers["Retry-After"]).toBeUndefined();
    expect(answer.body?.detail).toMatch(/costs more than the whole quota/);
    expect(answer.body).not.toHaveProperty("retryAfter");
  });

  test("a fail-open decision does not invent a remaining quota", () => {
    const open: Decision = { ...refused, allowed: true, retryAfterMs: 0, degraded: "fail-open" };
    expect(rateLimitHeaders(open)).toEqual({ "RateLimit-Limit": "100" });
  });

  test("refusalResponse builds a web Response, and null when allowed", async () => {
    const response = refusalResponse(refused)!;
    expect(response.status).toBe(429);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("retry-after")).toBe("30");
    expect(await response.json()).toMatchObject({ status: 429, retryAfter: 30 });
    expect(refusalResponse({ ...refused, allowed: true, retryAfterMs: 0 })).toBeNull();
  });

  test("withRateLimitHeaders copies the quota onto an allowed response", () => {
    const response = withRateLimitHeaders(new Response("ok"), { ...refused, allowed: true });
    expect(response.headers.get("ratelimit-remaining")).toBe("0");
    expect(response.headers.get("ratelimit-limit")).toBe("100");
  });
});
