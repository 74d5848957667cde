import { z } from "zod";
import { describe, expect, test } from "vitest";
import { assertSameOrigin, HttpProblem, route } from "@/lib/http/problem";
import { readJson } from "@/lib/http/body";

const schema = z.strictObject({ code: z.string().max(5, "too long") });

const post = (
  body: string,
  headers: Record<string, string> = { "content-type": "application/json" },
) =>
  new Request("http://localhost:3000/x", {
    method: "POST",
    body,
    headers: { host: "localhost:3000", ...headers },
  });

describe("problem responses", () => {
  const handler = route(async (request) => Response.json(await readJson(request, schema)));

  test("a body that fails its schema is a 422 naming the field and the reason", async () => {
    const response = await handler(post(JSON.stringify({ code: "toolong" })), undefined);
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect((await response.json()).errors).toEqual([{ field: "code", reason: "too long" }]);
  });

  test("a body that is not JSON is a 400 and a body not sent as JSON is a 415", async () => {
    expect((await handler(post("{nope"), undefined)).status).toBe(400);
    expect((await handler(post("{}", { "content-type": "text/plain" }), undefined)).status).toBe(
      415,
    );
  });

  test("an unexpected error is a bare 500 without the message or the stack", async () => {
    const failing = route(async () => {
      throw new Error("secret database detail");
    });
    const original = console.error;
    console.error = () => {};
    try {
      const response = await failing(post("{}"), undefined);
      expect(response.status).toBe(500);
      expect(await response.text()).not.toMatch(/secret|at /);
    } finally {
      console.error = original;
    }
  });

  test("cross-site and cross-origin writes are refused, same-origin and non-browser ones pass", () => {
    expect(() => assertSameOrigin(post("{}", { "sec-fetch-site": "cross-site" }))).toThrow(
      HttpProblem,
    );
    expect(() => assertSameOrigin(post("{}", { origin: "https://evil.example" }))).toThrow(
      HttpProblem,
    );
    expect(() =>
      assertSameOrigin(
        post("{}", { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }),
      ),
    ).not.toThrow();
    expect(() => assertSameOrigin(post("{}", {}))).not.toThrow();
  });
});
