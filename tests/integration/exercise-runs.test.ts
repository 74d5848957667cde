import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useAppDatabase } from "../fixtures/app";
import { createTestDb, type TestDb } from "../fixtures/db";
import { CookieJar, request } from "../fixtures/http";

// A Run in the browser is recorded (POST /api/progress/runs) so an exercise run but never
// submitted shows as attempted: validated, one row per learner and exercise however often it is
// run, carried into the account on sign-up, and visible in the summary every page shows.

async function loadRoutes() {
  return {
    runs: await import("@/app/api/progress/runs/route"),
    summary: await import("@/app/api/me/summary/route"),
    auth: await import("@/app/api/auth/[...all]/route"),
    exportMe: await import("@/app/api/me/export/route"),
  };
}

describe.each(["sqlite", "postgres"] as const)("exercise runs over HTTP on %s", (provider) => {
  let testDb: TestDb;
  let app: { release(): Promise<void> } | undefined;
  let routes: Awaited<ReturnType<typeof loadRoutes>>;

  async function run(jar: CookieJar, body: unknown, headers?: Record<string, string>) {
    return jar.store(
      await routes.runs.POST(
        request("POST", "/api/progress/runs", { jar, json: body, ...(headers ? { headers } : {}) }),
        undefined,
      ),
    );
  }

  async function summary(jar: CookieJar) {
    const response = jar.store(
      await routes.summary.GET(request("GET", "/api/me/summary", { jar }), undefined),
    );
    expect(response.status).toBe(200);
    return (await response.json()) as {
      hasWork: boolean;
      exercises: Record<string, { attempts: number; runs: number; solved: boolean }>;
    };
  }

  beforeAll(async () => {
    testDb = await createTestDb(provider);
    app = useAppDatabase(testDb);
    routes = await loadRoutes();
  });

  afterAll(async () => {
    await app?.release();
    await testDb?.cleanup();
  });

  test("a first Run creates the anonymous learner, and the exercise is attempted without a Submit", async () => {
    const jar = new CookieJar();
    expect((await summary(jar)).exercises).toEqual({});
    const response = await run(jar, { exerciseId: "token-bucket" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ exerciseId: "token-bucket", runs: 1 });
    expect(jar.size).toBeGreaterThan(0);
    const after = await summary(jar);
    expect(after.exercises["token-bucket"]).toEqual({ attempts: 0, runs: 1, solved: false });
    expect(after.hasWork).toBe(true);
  });

  test("many Runs of one exercise keep one row with a count", async () => {
    const jar = new CookieJar();
    for (let i = 0; i < 5; i++) expect((await run(jar, { exerciseId: "gcra" })).status).toBe(200);
    expect((await summary(jar)).exercises["gcra"]?.runs).toBe(5);
    const rows = await testDb.db.exerciseRun.count({ where: { exerciseId: "gcra" } });
    expect(rows).toBe(1);
  });

  test("a bad body is a 422 naming the field, an unknown exercise a 404, another origin a 403", async () => {
    const jar = new CookieJar();
    const bad = await run(jar, { exerciseId: "Not A Slug" });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual([expect.objectContaining({ field: "exerciseId" })]);
    const extra = await run(jar, { exerciseId: "gcra", code: "x" });
    expect(extra.status).toBe(422);
    const unknown = await run(jar, { exerciseId: "no-such-exercise" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).errors).toEqual([
      { field: "exerciseId", reason: "no exercise has this id" },
    ]);
    const foreign = await run(jar, { exerciseId: "gcra" }, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    // Nothing was recorded for any of them (no session was even created).
    expect(jar.size).toBe(0);
  });

  test("Runs made anonymously move into the account on sign-up, and are in my data", async () => {
    const jar = new CookieJar();
    await run(jar, { exerciseId: "leaky-bucket" });
    await run(jar, { exerciseId: "leaky-bucket" });
    const signedUp = jar.store(
      await routes.auth.POST(
        request("POST", "/api/auth/sign-up/email", {
          jar,
          json: {
            email: `runs-${provider}-${Date.now()}@example.com`,
            password: "a long enough password for runs",
            name: "Ada",
          },
        }),
      ),
    );
    expect(signedUp.status).toBe(200);
    expect((await summary(jar)).exercises["leaky-bucket"]).toEqual({
      attempts: 0,
      runs: 2,
      solved: false,
    });
    const exported = await routes.exportMe.GET(
      request("GET", "/api/me/export", { jar }),
      undefined,
    );
    const data = (await exported.json()) as {
      exerciseRuns: { exerciseId: string; runs: number }[];
    };
    expect(data.exerciseRuns).toEqual([
      expect.objectContaining({ exerciseId: "leaky-bucket", runs: 2 }),
    ]);
  });
});
