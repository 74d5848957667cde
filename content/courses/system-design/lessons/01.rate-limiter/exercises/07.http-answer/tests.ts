import { expect, test } from "judge";
import { httpAnswer, rateLimitHeaders } from "./solution";

const refused = { allowed: false, limit: 100, remaining: 0, resetMs: 30_000, retryAfterMs: 30_000 };

test("an allowed request proceeds with the quota headers", () => {
  const answer = httpAnswer({
    allowed: true,
    limit: 100,
    remaining: 42,
    resetMs: 12_500,
    retryAfterMs: 0,
  });
  expect(answer.status, "status").toBe(200);
  expect(answer.headers, "headers").toEqual({
    "RateLimit-Limit": "100",
    "RateLimit-Remaining": "42",
    "RateLimit-Reset": "13",
  });
  expect(answer.body, "body").toBe(undefined);
});

test("a refusal is a 429, never a 503", () => {
  expect(httpAnswer(refused).status, "status").toBe(429);
});

test("a refusal says when to retry, in whole seconds", () => {
  const headers = rateLimitHeaders({ ...refused, retryAfterMs: 1_200 });
  expect(headers["Retry-After"], "Retry-After for 1.2 s").toBe("2");
  expect(headers["RateLimit-Remaining"], "RateLimit-Remaining").toBe("0");
});

test("a refusal carries a problem body", () => {
  const answer = httpAnswer(refused, { policy: "100 requests per minute per API key" });
  expect(answer.headers["Content-Type"], "Content-Type").toBe("application/problem+json");
  const body = answer.body;
  expect(body?.title, "body.title").toBe("Too Many Requests");
  expect(body?.status, "body.status").toBe(429);
  expect(body?.retryAfter, "body.retryAfter").toBe(30);
  expect(body?.type, "body.type").toBe("/problems/rate-limit-exceeded");
  expect(
    body?.detail.includes("100 requests per minute per API key"),
    "detail quotes the policy",
  ).toBe(true);
});
