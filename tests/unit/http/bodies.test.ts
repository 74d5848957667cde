import { z } from "zod";
import { describe, expect, test } from "vitest";
import { illFormedStringPath } from "@/lib/http/body";
import { assertSameOrigin, HttpProblem, route } from "@/lib/http/problem";
import { readJson } from "@/lib/http/body";
import { FORGED_FORWARDED_HOST, FORGED_ORIGIN } from "../../fixtures/requests/forwarded-spray";
import { hugeBody } from "../../fixtures/requests/huge-bodies";
import {
  ILL_FORMED_DOCUMENTS,
  ILL_FORMED_KEY,
  WELL_FORMED_PAIR,
} from "../../fixtures/requests/ill-formed-text";

const schema = z.strictObject({ code: z.string(), tags: z.array(z.string()).optional() });
const handler = route(async (request) => Response.json(await readJson(request, schema, 1_000)));

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request("http://localhost:3000/x", {
    method: "POST",
    body,
    headers: { host: "localhost:3000", "content-type": "application/json", ...headers },
    duplex: "half",
  } as RequestInit);
}

describe("request bodies", () => {
  test("a body declared larger than the cap is a 413 before a byte of it is read", async () => {
    const body = hugeBody({ declared: true });
    const response = await handler(post(body.stream, body.headers), undefined);
    expect(response.status).toBe(413);
    expect((await response.json()).errors).toEqual([
      { field: "", reason: "must be at most 1000 bytes" },
    ]);
    // The stream's own first pull may run (a ReadableStream fills its queue), nothing beyond.
    expect(body.pulled()).toBeLessThanOrEqual(100);
  });

  test("a body without a length is read only up to the cap, then refused", async () => {
    const body = hugeBody({ declared: false });
    const response = await handler(post(body.stream, body.headers), undefined);
    expect(response.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(1_200);
  });

  test("a body within the cap is read whole", async () => {
    const response = await handler(post(JSON.stringify({ code: "x".repeat(900) })), undefined);
    expect(response.status).toBe(200);
  });

  test("a lone UTF-16 surrogate anywhere in the body is a 422 naming the field", async () => {
    for (const [text, field] of ILL_FORMED_DOCUMENTS) {
      const response = await handler(post(text), undefined);
      expect(response.status).toBe(422);
      const problem = (await response.json()) as { errors: { field: string; reason: string }[] };
      expect(problem.errors).toEqual([
        { field, reason: "must be well-formed Unicode text (it holds a lone UTF-16 surrogate)" },
      ]);
    }
    // A surrogate pair is a character like any other (an emoji).
    expect((await handler(post(WELL_FORMED_PAIR), undefined)).status).toBe(200);
  });

  test("ill-formed keys are found too", () => {
    expect(illFormedStringPath(JSON.parse(ILL_FORMED_KEY.json))).toBe(ILL_FORMED_KEY.field);
    expect(illFormedStringPath({ a: [1, "b", { c: "d" }] })).toBeNull();
  });

  test("a body that is not UTF-8 is a 400", async () => {
    const response = await handler(post(new Uint8Array([0x22, 0xff, 0x22])), undefined);
    expect(response.status).toBe(400);
  });
});

describe("the same-origin check", () => {
  const write = (headers: Record<string, string>) =>
    new Request("http://localhost:3000/x", { method: "POST", headers });

  test("X-Forwarded-Host cannot vouch for a foreign Origin unless a proxy is configured", () => {
    // The finding: the client sets both, and the check compared them with each other.
    const forged = write({
      host: "localhost:3000",
      origin: FORGED_ORIGIN,
      "x-forwarded-host": FORGED_FORWARDED_HOST,
    });
    expect(() => assertSameOrigin(forged, { kind: "none" })).toThrow(HttpProblem);
    // Behind a trusted proxy the forwarded host is the public one.
    const proxied = write({
      host: "10.0.0.5:3000",
      origin: "https://tradeoff.example",
      "x-forwarded-host": "tradeoff.example",
    });
    expect(() => assertSameOrigin(proxied, { kind: "hops", hops: 1 })).not.toThrow();
    expect(() => assertSameOrigin(proxied, { kind: "none" })).toThrow(HttpProblem);
  });
});
