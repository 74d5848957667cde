import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { useAppDatabase } from "../fixtures/app";
import { createSqliteTestDb, type TestDb } from "../fixtures/db";
import { CookieJar, params, request } from "../fixtures/http";

// Every route handler, called directly with malformed input: the answer is always a 4xx problem
// document, with field-level errors whenever the input itself was refused, and never a 5xx.

let testDb: TestDb;
let app: { release(): Promise<void> } | undefined;
let routes: Awaited<ReturnType<typeof loadRoutes>>;
const jar = new CookieJar();

async function loadRoutes() {
  return {
    sections: await import("@/app/api/progress/sections/route"),
    lesson: await import("@/app/api/progress/lessons/[course]/[lesson]/route"),
    draft: await import("@/app/api/drafts/[exerciseId]/route"),
    submissions: await import("@/app/api/submissions/route"),
    submission: await import("@/app/api/submissions/[id]/route"),
    me: await import("@/app/api/me/route"),
    schemas: await import("@/lib/progress/schemas"),
  };
}

beforeAll(async () => {
  testDb = await createSqliteTestDb();
  app = useAppDatabase(testDb);
  // Validation is under test here, not the rate limits (tests/unit/protection): lift them, or most
  // fuzzed writes would be answered 429 before their body is read.
  const unlimited = { learner: null, ip: { capacity: 1_000_000, perMinute: 1_000_000 } };
  vi.stubEnv("RATE_LIMITS", JSON.stringify({ write: unlimited, read: unlimited }));
  routes = await loadRoutes();
  // A learner with a session, so that validation (not authentication) is what refuses the input.
  jar.store(
    await routes.draft.PUT(
      request("PUT", "/api/drafts/fixed-window", { jar, json: { code: "x" } }),
      params({ exerciseId: "fixed-window" }),
    ),
  );
  expect(jar.size).toBeGreaterThan(0);
});

afterAll(async () => {
  await app?.release();
  await testDb?.cleanup();
});

const RUNS = { numRuns: 60 };

async function expectClientError(response: Response): Promise<void> {
  expect(response.status, await response.clone().text()).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const problem = (await response.json()) as { title: unknown; errors?: unknown };
  expect(typeof problem.title).toBe("string");
  if ([400, 413, 415, 422].includes(response.status)) {
    expect(Array.isArray(problem.errors) && problem.errors.length > 0).toBe(true);
    for (const error of problem.errors as { field: unknown; reason: unknown }[]) {
      expect(typeof error.field).toBe("string");
      expect(typeof error.reason).toBe("string");
      expect(String(error.reason)).not.toMatch(/\n\s+at /); // no stack trace
    }
  }
}

/** Bodies: arbitrary JSON, JSON-looking garbage, and text sent with a JSON or a wrong content type. */
const body = fc.oneof(
  fc.jsonValue().map((value) => ({ text: JSON.stringify(value), type: "application/json" })),
  fc.string().map((text) => ({ text, type: "application/json" })),
  fc.string().map((text) => ({ text, type: "text/plain" })),
  fc
    .record({ code: fc.anything() }, { requiredKeys: [] })
    .map((value) => ({ text: JSON.stringify(value) ?? "null", type: "application/json" })),
  fc
    .record({ course: fc.string(), lesson: fc.string(), section: fc.anything() })
    .map((value) => ({ text: JSON.stringify(value) ?? "null", type: "application/json" })),
);

/** Path segments that are not slugs (and a few that almost are). */
const badSegment = fc.oneof(
  fc
    .string({ minLength: 1 })
    .filter((s) => !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s) || s.length > 100),
  fc.constantFrom("Fixed-Window", "fixed--window", "-x", "x-", "a".repeat(101), "../etc", "%00"),
);

describe("malformed requests get a 4xx with field-level reasons, never a 5xx", () => {
  test("POST /api/progress/sections", async () => {
    await fc.assert(
      fc.asyncProperty(body, async ({ text, type }) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        fc.pre(!routes.schemas.sectionRefSchema.safeParse(parsed).success);
        const req = request("POST", "/api/progress/sections", {
          jar,
          body: text,
          headers: { "content-type": type },
        });
        await expectClientError(await routes.sections.POST(req, undefined));
      }),
      RUNS,
    );
  });

  test("PUT /api/drafts/<exerciseId> with a bad body or a bad id", async () => {
    await fc.assert(
      fc.asyncProperty(body, fc.option(badSegment), async ({ text, type }, id) => {
        const exerciseId = id ?? "fixed-window";
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        fc.pre(
          id !== null ||
            !routes.schemas.draftBodySchema.safeParse(parsed).success ||
            type !== "application/json",
        );
        const req = request("PUT", `/api/drafts/${encodeURIComponent(exerciseId)}`, {
          jar,
          body: text,
          headers: { "content-type": type },
        });
        await expectClientError(await routes.draft.PUT(req, params({ exerciseId })));
      }),
      RUNS,
    );
  });

  test("GET /api/drafts/<exerciseId> with a bad id", async () => {
    await fc.assert(
      fc.asyncProperty(badSegment, async (exerciseId) => {
        const req = request("GET", `/api/drafts/${encodeURIComponent(exerciseId)}`, { jar });
        await expectClientError(await routes.draft.GET(req, params({ exerciseId })));
      }),
      RUNS,
    );
  });

  test("GET /api/progress/lessons/<course>/<lesson> with bad segments or query", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(badSegment),
        fc.option(badSegment),
        fc.option(fc.string()),
        async (course, lesson, exercises) => {
          fc.pre(course !== null || lesson !== null || exercises !== null);
          const c = course ?? "system-design";
          const l = lesson ?? "rate-limiter";
          const query = exercises === null ? "" : `?exercises=${encodeURIComponent(exercises)}`;
          if (course === null && lesson === null) {
            // Only the query is bad; an exercise list that happens to be valid is not a failure.
            fc.pre(
              exercises !== null &&
                !/^([a-z0-9]+(-[a-z0-9]+)*)?(,([a-z0-9]+(-[a-z0-9]+)*)?)*$/.test(exercises),
            );
          }
          const req = request(
            "GET",
            `/api/progress/lessons/${encodeURIComponent(c)}/${encodeURIComponent(l)}${query}`,
            {
              jar,
            },
          );
          await expectClientError(await routes.lesson.GET(req, params({ course: c, lesson: l })));
        },
      ),
      RUNS,
    );
  });

  test("GET /api/submissions with a bad or missing exercise, or extra parameters", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.string(), { maxKeys: 3 }),
        fc.option(badSegment),
        async (extra, exercise) => {
          const search = new URLSearchParams(extra);
          if (exercise !== null) search.set("exercise", exercise);
          fc.pre(exercise !== null || !search.has("exercise") || Object.keys(extra).length > 1);
          const req = request("GET", `/api/submissions?${search}`, { jar });
          await expectClientError(await routes.submissions.GET(req, undefined));
        },
      ),
      RUNS,
    );
  });

  test("GET /api/submissions/<id> with any id that is not mine", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), async (id) => {
        const req = request("GET", `/api/submissions/${encodeURIComponent(id)}`, { jar });
        const response = await routes.submission.GET(req, params({ id }));
        expect(response.status).toBe(404);
        await expectClientError(response);
      }),
      RUNS,
    );
  });

  test("DELETE /api/me with a bad body", async () => {
    await fc.assert(
      fc.asyncProperty(body, async ({ text, type }) => {
        fc.pre(!text.includes("delete my account"));
        const req = request("DELETE", "/api/me", {
          jar,
          body: text,
          headers: { "content-type": type },
        });
        await expectClientError(await routes.me.DELETE(req, undefined));
      }),
      RUNS,
    );
  });
});
