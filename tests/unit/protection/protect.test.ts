import { describe, expect, test, vi } from "vitest";
import { ManualClock } from "@/lib/limiters";
import { DEFAULT_RATE_LIMITS, type RateLimits } from "@/lib/protection/config";
import { Gatekeeper } from "@/lib/protection/gatekeeper";
import { createProtection, hashedKey } from "@/lib/protection/protection";

const limits: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  judge: {
    learner: { capacity: 3, perMinute: 6 },
    ip: { capacity: 5, perMinute: 60 },
    failure: { mode: "closed", fallbackScale: 1 },
  },
  read: { learner: null, ip: { capacity: 2, perMinute: 60 }, failure: { mode: "open" } },
};

function setup(learnerOf: (request: Request) => string | null = () => "ada") {
  const clock = new ManualClock(1_000_000);
  const identifyLearner = vi.fn(async (request: Request) => learnerOf(request));
  const protection = createProtection({
    gatekeeper: new Gatekeeper({ limits, clock }),
    trustProxy: { kind: "hops", hops: 1 },
    identifyLearner,
  });
  return { clock, protection, identifyLearner };
}

function post(ip = "203.0.113.1", path = "/api/judge/submit"): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "x-forwarded-for": ip },
  });
}

describe("protect", () => {
  test("a learner's bucket refuses the request past its burst with a 429 problem", async () => {
    const { protection } = setup();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const gate = await protection.protect(post(), "judge");
      statuses.push(gate.refusal?.status ?? 200);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    const refused = await protection.protect(post(), "judge");
    const response = refused.refusal!;
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("retry-after")).toBe("10"); // 6 per minute: a token every 10 s
    expect(response.headers.get("ratelimit-limit")).toBe("3");
    expect(response.headers.get("ratelimit-remaining")).toBe("0");
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 429, title: "Too Many Requests", retryAfter: 10 });
    expect(String(body.detail)).toBe(
      "Too many judge runs and submissions: 3 at once, then 6 per minute per learner. Retry after 10 seconds.",
    );
  });

  test("buckets refill with time, as the Retry-After said", async () => {
    const { protection, clock } = setup();
    for (let i = 0; i < 3; i++) await protection.protect(post(), "judge");
    expect((await protection.protect(post(), "judge")).refusal?.status).toBe(429);
    clock.advance(9_999);
    expect((await protection.protect(post(), "judge")).refusal?.status).toBe(429);
    clock.advance(1);
    expect((await protection.protect(post(), "judge")).refusal).toBeNull();
  });

  test("learners have separate buckets; the IP bucket bounds them together", async () => {
    let n = 0;
    const { protection } = setup(() => `learner-${n++}`);
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await protection.protect(post(), "judge")).refusal?.status ?? 200);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Another address is not affected.
    expect((await protection.protect(post("198.51.100.7"), "judge")).refusal).toBeNull();
  });

  test("a request refused by its IP bucket does not spend the learner's token or look it up", async () => {
    const { protection, identifyLearner } = setup();
    for (let i = 0; i < 3; i++) await protection.protect(post(), "judge", `other-${i}`);
    for (let i = 0; i < 2; i++) await protection.protect(post(), "judge", `more-${i}`);
    const refused = await protection.protect(post(), "judge");
    expect(refused.refusal?.status).toBe(429);
    expect(await refused.refusal!.json()).toMatchObject({ limit: 5 });
    expect(identifyLearner).not.toHaveBeenCalled();
    expect((await protection.protect(post("198.51.100.7"), "judge")).refusal).toBeNull();
  });

  test("allowed requests carry the quota of the bucket closest to refusing", async () => {
    const { protection } = setup();
    const first = await protection.protect(post(), "judge");
    // learner: 3 - 1 = 2 left; ip: 5 - 1 = 4 left.
    expect(first.headers).toEqual({
      "RateLimit-Limit": "3",
      "RateLimit-Remaining": "2",
      "RateLimit-Reset": "10",
    });
    const response = first.apply(Response.json({ ok: true }));
    expect(response.headers.get("ratelimit-remaining")).toBe("2");
  });

  test("a class without a learner bucket never looks the learner up", async () => {
    const { protection, identifyLearner } = setup();
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await protection.protect(post(), "read")).refusal?.status ?? 200);
    expect(statuses).toEqual([200, 200, 429]);
    expect(identifyLearner).not.toHaveBeenCalled();
  });

  test("a request without a learner is limited by its IP alone", async () => {
    const { protection } = setup(() => null);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await protection.protect(post(), "judge")).refusal?.status ?? 200);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  test("a protected route never runs its handler for a refused request, and every answer has the quota", async () => {
    const { protection } = setup();
    const handler = vi.fn(async () =>
      Response.json({ title: "invalid" }, { status: 422, headers: { "x-handler": "yes" } }),
    );
    const wrapped = protection.protectedRoute("judge", handler);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await wrapped(post(), undefined));
    expect(answers.map((r) => r.status)).toEqual([422, 422, 422, 429]);
    expect(handler).toHaveBeenCalledTimes(3);
    expect(answers.map((r) => r.headers.get("ratelimit-remaining"))).toEqual(["2", "1", "0", "0"]);
    expect(answers[0]!.headers.get("x-handler")).toBe("yes");
    expect(answers[3]!.headers.get("retry-after")).toBe("10");
  });

  test("a handler's response with locked headers is copied, not lost", async () => {
    const { protection } = setup();
    const wrapped = protection.protectedRoute("judge", async () =>
      Response.redirect("http://x/", 303),
    );
    const response = await wrapped(post(), undefined);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://x/");
    expect(response.headers.get("ratelimit-limit")).toBe("3");
  });

  test("the learner key function of a route replaces the session lookup", async () => {
    const { protection, identifyLearner } = setup();
    const wrapped = protection.protectedRoute(
      "judge",
      async () => new Response("ok"),
      async () => hashedKey("account", "ada@example.com"),
    );
    for (let i = 0; i < 3; i++) expect((await wrapped(post(), undefined)).status).toBe(200);
    expect((await wrapped(post(), undefined)).status).toBe(429);
    expect(identifyLearner).not.toHaveBeenCalled();
  });

  test("hashed keys never contain the identifier they stand for", () => {
    const key = hashedKey("account", "ada@example.com");
    expect(key).toMatch(/^account:[A-Za-z0-9_-]{22}$/);
    expect(key).not.toContain("ada");
    expect(hashedKey("account", "ada@example.com")).toBe(key);
  });
});
