import { describe, expect, test } from "vitest";
import { interpretJudgeResponse, parseRetryAfter } from "@/app/_components/exercise/judge-client";
import type { ResultsDocument } from "@/lib/judge/results";

const accepted: ResultsDocument = {
  version: 3,
  mode: "submit",
  status: "pass",
  verdict: "accepted",
  resources: { wallMs: 12 },
  tests: [{ name: "admits the limit", status: "pass", hidden: false }],
};

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

describe("parseRetryAfter", () => {
  test("reads delay-seconds", () => {
    expect(parseRetryAfter("7", 0)).toBe(7);
  });

  test("reads an HTTP-date relative to now, rounding up", () => {
    const now = Date.parse("Sun, 06 Nov 1994 08:49:30 GMT");
    expect(parseRetryAfter("Sun, 06 Nov 1994 08:49:37 GMT", now + 500)).toBe(7);
  });

  test("never counts down from zero or a date in the past", () => {
    expect(parseRetryAfter("0", 0)).toBe(1);
    expect(parseRetryAfter("Sun, 06 Nov 1994 08:49:37 GMT", Date.now())).toBe(1);
  });

  test("an absent or unreadable header gives no delay", () => {
    expect(parseRetryAfter(null, 0)).toBeNull();
    expect(parseRetryAfter("soon", 0)).toBeNull();
    expect(parseRetryAfter("-3", 0)).toBeNull();
  });
});

describe("interpretJudgeResponse", () => {
  test("a results document comes back parsed", async () => {
    const outcome = await interpretJudgeResponse(json(accepted));
    expect(outcome).toEqual({ kind: "results", results: accepted });
  });

  test("429 becomes a countdown from Retry-After", async () => {
    const outcome = await interpretJudgeResponse(
      json({ title: "Too many requests", status: 429 }, 429, { "retry-after": "12" }),
    );
    expect(outcome).toMatchObject({ kind: "rate-limited", retryAfterSeconds: 12 });
  });

  test("a 5xx says the judge failed, without the server's internals", async () => {
    const outcome = await interpretJudgeResponse(
      json({ title: "Internal server error", status: 500 }, 500),
    );
    expect(outcome.kind).toBe("server");
    expect(outcome.kind === "server" && outcome.message).toContain("HTTP 500");
  });

  test("a 422 shows the problem's first field and reason", async () => {
    const outcome = await interpretJudgeResponse(
      json(
        {
          title: "The request body is invalid",
          status: 422,
          errors: [{ field: "code", reason: "code must be at most 100000 characters" }],
        },
        422,
      ),
    );
    expect(outcome).toEqual({
      kind: "rejected",
      status: 422,
      message: "code: code must be at most 100000 characters",
    });
  });

  test("a 200 that is not a results document is reported, not shown as a verdict", async () => {
    const outcome = await interpretJudgeResponse(json({ hello: "world" }));
    expect(outcome.kind).toBe("server");
  });

  test("a body that is not JSON at all is a server error", async () => {
    const outcome = await interpretJudgeResponse(
      new Response("<html>bad gateway</html>", { status: 502 }),
    );
    expect(outcome).toMatchObject({ kind: "server", status: 502 });
  });
});
