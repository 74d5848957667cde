import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { useAppDatabase } from "../fixtures/app";
import { createTestDb, type TestDb } from "../fixtures/db";
import { CookieJar, params, request } from "../fixtures/http";

// Grading cards through the route handlers on a fresh database of each provider: FSRS state and
// the review log are stored per learner, validated, and survive a restart.

const course = "system-design";
const lesson = "rate-limiter";
const MINUTE = 60_000;
const DAY = 86_400_000;

async function loadRoutes() {
  return {
    review: await import("@/app/api/cards/review/route"),
    cards: await import("@/app/api/cards/[course]/[lesson]/route"),
    progress: await import("@/lib/progress/app-progress"),
    identity: await import("@/lib/auth"),
  };
}

/** A new database client and auth instance and freshly loaded modules; the data stays. */
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

describe.each(["sqlite", "postgres"] as const)("review cards over HTTP on %s", (provider) => {
  let testDb: TestDb;
  let app: { release(): Promise<void> } | undefined;
  let routes: Awaited<ReturnType<typeof loadRoutes>>;
  const ada = new CookieJar();
  const eve = new CookieJar();

  async function grade(jar: CookieJar, body: Record<string, unknown>) {
    return jar.store(
      await routes.review.POST(
        request("POST", "/api/cards/review", { jar, json: body }),
        undefined,
      ),
    );
  }

  async function states(jar: CookieJar) {
    const response = await routes.cards.GET(
      request("GET", `/api/cards/${course}/${lesson}`, { jar }),
      params({ course, lesson }),
    );
    return (await response.json()).cards as Record<
      string,
      { due: string; reps: number; state: number }
    >;
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

  test("grading a new card Good stores its FSRS state: due again in ten minutes", async () => {
    const before = Date.now();
    const response = await grade(ada, { course, lesson, card: "next-move-atomic", rating: 3 });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ card: "next-move-atomic", reps: 1, lapses: 0, state: 1 });
    const due = new Date(body.due).getTime();
    expect(due - before).toBeGreaterThanOrEqual(10 * MINUTE - 1000);
    expect(due - before).toBeLessThanOrEqual(10 * MINUTE + 5000);
    expect((await states(ada))["next-move-atomic"]).toMatchObject({ reps: 1, state: 1 });
  });

  test("grading Easy schedules days out; Again brings a card back within minutes", async () => {
    const easy = await (
      await grade(ada, { course, lesson, card: "refusal-status-code", rating: 4 })
    ).json();
    expect(new Date(easy.due).getTime() - Date.now()).toBeGreaterThan(DAY);
    const again = await (
      await grade(ada, { course, lesson, card: "next-move-atomic", rating: 1 })
    ).json();
    expect(new Date(again.due).getTime() - Date.now()).toBeLessThanOrEqual(10 * MINUTE);
    expect(again.reps).toBe(2);
  });

  test("every grade is logged, and counts towards the review streak", async () => {
    const { viewer } = await routes.identity.requireLearner(new Headers({ cookie: ada.header() }));
    const times = await routes.progress.listReviewTimes(viewer);
    expect(times).toHaveLength(3);
    const { reviewStreak } = await import("@/lib/review");
    expect(reviewStreak(times, new Date())).toBe(1);
  });

  test("an unknown card or lesson is a 404; a bad rating is a 422 naming the field", async () => {
    const unknownCard = await grade(eve, { course, lesson, card: "no-such-card", rating: 3 });
    expect(unknownCard.status).toBe(404);
    expect((await unknownCard.json()).errors).toEqual([
      { field: "card", reason: "no card has this id in this lesson" },
    ]);
    const unknownLesson = await grade(eve, {
      course,
      lesson: "no-such-lesson",
      card: "x",
      rating: 3,
    });
    expect(unknownLesson.status).toBe(404);
    const badRating = await grade(eve, { course, lesson, card: "next-move-atomic", rating: 5 });
    expect(badRating.status).toBe(422);
    expect((await badRating.json()).errors).toEqual([
      { field: "rating", reason: "rating must be 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)" },
    ]);
    const extra = await grade(eve, {
      course,
      lesson,
      card: "next-move-atomic",
      rating: 3,
      due: "now",
    });
    expect(extra.status).toBe(422);
    expect(eve.size).toBe(0);
  });

  test("another learner's schedule is their own", async () => {
    await grade(eve, { course, lesson, card: "next-move-atomic", rating: 4 });
    const theirs = await states(eve);
    expect(Object.keys(theirs)).toEqual(["next-move-atomic"]);
    expect(theirs["next-move-atomic"]!.reps).toBe(1);
    expect(await states(new CookieJar())).toEqual({});
  });

  test("card states survive a restart of the application", async () => {
    await restartApplication();
    routes = await loadRoutes();
    const mine = await states(ada);
    expect(Object.keys(mine).sort()).toEqual(["next-move-atomic", "refusal-status-code"]);
    expect(mine["next-move-atomic"]).toMatchObject({ reps: 2 });
  });
});
