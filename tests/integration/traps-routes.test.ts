import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { useAppDatabase } from "../fixtures/app";
import { createTestDb, type TestDb } from "../fixtures/db";
import { CookieJar, params, request } from "../fixtures/http";

// The trap routes end to end through their handlers, the judge's worker pool and a fresh database
// of each provider: a prediction is stored before the run, a wrong one schedules the trap's card, a
// fix is judged and stored, nobody sees anyone else's, and all of it survives a restart.

const course = "system-design";
const lesson = "rate-limiter";

/**
 * What a restart changes for the application: a new database client and auth instance, freshly
 * loaded modules. The database and DATA_DIR (where the session secret lives) stay.
 */
async function restartApplication(): Promise<void> {
  const caches = globalThis as typeof globalThis & {
    __tradeoffDb?: { $disconnect(): Promise<void> };
    __tradeoffAuth?: unknown;
  };
  await caches.__tradeoffDb?.$disconnect();
  delete caches.__tradeoffDb;
  delete caches.__tradeoffAuth;
  vi.resetModules();
}

async function loadRoutes() {
  return {
    predict: await import("@/app/api/traps/[course]/[lesson]/[trap]/predict/route"),
    fix: await import("@/app/api/traps/[course]/[lesson]/[trap]/fix/route"),
    progress: await import("@/app/api/traps/[course]/[lesson]/route"),
    cards: await import("@/app/api/cards/[course]/[lesson]/route"),
    traps: await import("@/lib/traps"),
  };
}

describe.each(["sqlite", "postgres"] as const)("code traps over HTTP on %s", (provider) => {
  let testDb: TestDb;
  let app: { release(): Promise<void> } | undefined;
  let routes: Awaited<ReturnType<typeof loadRoutes>>;
  const ada = new CookieJar();
  const eve = new CookieJar();

  async function predict(
    jar: CookieJar,
    trap: string,
    body: unknown,
    headers?: Record<string, string>,
  ) {
    return jar.store(
      await routes.predict.POST(
        request("POST", `/api/traps/${course}/${lesson}/${trap}/predict`, {
          jar,
          json: body,
          headers,
        }),
        params({ course, lesson, trap }),
      ),
    );
  }

  async function progress(jar: CookieJar) {
    const response = await routes.progress.GET(
      request("GET", `/api/traps/${course}/${lesson}`, { jar }),
      params({ course, lesson }),
    );
    return (await response.json()).traps as Record<
      string,
      { fixed: boolean; predictions: number; firstPrediction: unknown }
    >;
  }

  async function cardStates(jar: CookieJar) {
    const response = await routes.cards.GET(
      request("GET", `/api/cards/${course}/${lesson}`, { jar }),
      params({ course, lesson }),
    );
    return (await response.json()).cards as Record<string, { due: string; reps: number }>;
  }

  beforeAll(async () => {
    testDb = await createTestDb(provider);
    app = useAppDatabase(testDb);
    routes = await loadRoutes();
  });

  afterAll(async () => {
    const { shutdownJudgePool } = await import("@/lib/judge/node/pool-instance");
    await shutdownJudgePool();
    await app?.release();
    await testDb?.cleanup();
  });

  test("a wrong prediction is stored, runs the snippet, and puts the trap's card in the review queue", async () => {
    const before = Date.now();
    const response = await predict(ada, "divided-limit", { answer: 100 });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join("\n")).toMatch(/HttpOnly/i);
    const body = await response.json();
    expect(body).toMatchObject({ answer: 100, correct: false, expected: 63 });
    expect(body.run.outcome.answer).toBe(63);
    expect(body.run.outcome.summary).toMatch(/63 of the customer's 100 requests/);

    const cards = await cardStates(ada);
    expect(Object.keys(cards)).toEqual(["trap-divided-limit"]);
    expect(new Date(cards["trap-divided-limit"]!.due).getTime()).toBeGreaterThanOrEqual(
      before - 1000,
    );
    expect(new Date(cards["trap-divided-limit"]!.due).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await progress(ada))["divided-limit"]).toMatchObject({
      predictions: 1,
      firstPrediction: { answer: 100, correct: false },
      fixed: false,
    });
  });

  test("a right prediction schedules no card; a retry is stored but the first prediction stays", async () => {
    const right = await (await predict(ada, "wall-clock", { answer: 2 })).json();
    expect(right).toMatchObject({ correct: true, cardDue: null });
    expect(right.run.outcome.answer).toBe(2);
    await predict(ada, "divided-limit", { answer: 63 });
    const mine = await progress(ada);
    expect(mine["divided-limit"]).toMatchObject({
      predictions: 2,
      firstPrediction: { correct: false },
    });
    expect(Object.keys(await cardStates(ada))).toEqual(["trap-divided-limit"]);
  });

  test("a fix is judged by the trap's tests and stored; the reference is shown once it passes", async () => {
    const trap = (await import("@/lib/traps")).findTrap({ course, lesson, trap: "divided-limit" })!;
    const failing = await routes.fix.POST(
      request("POST", `/api/traps/${course}/${lesson}/divided-limit/fix`, {
        jar: ada,
        json: { code: trap.snippet },
      }),
      params({ course, lesson, trap: "divided-limit" }),
    );
    const failed = await failing.json();
    expect(failed).toMatchObject({ accepted: false, reference: null });
    expect(failed.results.verdict).toBe("wrong_answer");

    const passing = await routes.fix.POST(
      request("POST", `/api/traps/${course}/${lesson}/divided-limit/fix`, {
        jar: ada,
        json: { code: trap.solution },
      }),
      params({ course, lesson, trap: "divided-limit" }),
    );
    const passed = await passing.json();
    expect(passed.accepted).toBe(true);
    expect(passed.results.tests.every((t: { status: string }) => t.status === "pass")).toBe(true);
    expect(passed.run.outcome.answer).toBe(100);
    expect(passed.reference).toBe(trap.solution);
    expect((await progress(ada))["divided-limit"]?.fixed).toBe(true);
  }, 30_000);

  test("bad requests are refused with the field and the reason, and nothing is stored", async () => {
    const outOfRange = await predict(eve, "wall-clock", { answer: 7 });
    expect(outOfRange.status).toBe(422);
    expect((await outOfRange.json()).errors).toEqual([
      { field: "answer", reason: "must be the index of one of the 4 choices" },
    ]);
    const notANumber = await predict(eve, "wall-clock", { answer: "two" });
    expect(notANumber.status).toBe(422);
    expect((await notANumber.json()).errors[0].field).toBe("answer");
    const unknown = await predict(eve, "no-such-trap", { answer: 1 });
    expect(unknown.status).toBe(404);
    const crossSite = await predict(
      eve,
      "wall-clock",
      { answer: 1 },
      { origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    expect(eve.size).toBe(0);
  });

  test("another learner sees none of my predictions, fixes or cards", async () => {
    await predict(eve, "fixed-window-boundary", { answer: 200 });
    expect(Object.keys(await progress(eve))).toEqual(["fixed-window-boundary"]);
    expect(await cardStates(eve)).toEqual({});
    expect(await progress(new CookieJar())).toEqual({});
  });

  test("predictions, fixes and cards survive a restart of the application", async () => {
    await restartApplication();
    routes = await loadRoutes();
    const mine = await progress(ada);
    expect(mine["divided-limit"]).toMatchObject({ predictions: 2, fixed: true });
    expect(mine["wall-clock"]).toMatchObject({
      predictions: 1,
      firstPrediction: { correct: true },
    });
    expect(Object.keys(await cardStates(ada))).toEqual(["trap-divided-limit"]);
  });
});
