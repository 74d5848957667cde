import { describe, expect, test } from "vitest";
import { interpretJudgeResponse, readQuota } from "@/app/_components/exercise/judge-client";

// What the editor makes of the protection's answers: the quota it shows, and a busy judge.

function problem(status: number, headers: Record<string, string>, detail?: string): Response {
  return new Response(JSON.stringify({ type: "about:blank", title: "x", status, detail }), {
    status,
    headers: { "content-type": "application/problem+json", ...headers },
  });
}

describe("the editor's view of the quota", () => {
  test("the quota headers of any answer become the remaining submissions", async () => {
    const refused = await interpretJudgeResponse(
      problem(429, { "retry-after": "10", "ratelimit-limit": "10", "ratelimit-remaining": "0" }),
    );
    expect(refused).toMatchObject({
      kind: "rate-limited",
      retryAfterSeconds: 10,
      quota: { limit: 10, remaining: 0 },
    });
    const rejected = await interpretJudgeResponse(
      problem(422, { "ratelimit-limit": "10", "ratelimit-remaining": "7" }, "code: too long"),
    );
    expect(rejected).toMatchObject({ kind: "rejected", quota: { limit: 10, remaining: 7 } });
  });

  test("without a remaining count (the limiter failed open) no quota is shown", () => {
    expect(readQuota(new Headers({ "ratelimit-limit": "10" }))).toBeNull();
    expect(readQuota(new Headers())).toBeNull();
    expect(
      readQuota(new Headers({ "ratelimit-limit": "x", "ratelimit-remaining": "1" })),
    ).toBeNull();
  });

  test("a busy judge (503 with Retry-After) counts down like a rate limit, with the server's reason", async () => {
    const busy = await interpretJudgeResponse(
      problem(503, { "retry-after": "2" }, "The judge is busy with other submissions right now."),
    );
    expect(busy).toEqual({
      kind: "rate-limited",
      retryAfterSeconds: 2,
      message: "The judge is busy with other submissions right now.",
    });
  });

  test("a 503 without Retry-After is still a server failure", async () => {
    const failed = await interpretJudgeResponse(problem(503, {}));
    expect(failed).toMatchObject({ kind: "server", status: 503 });
  });
});
