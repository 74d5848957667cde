import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useAppDatabase } from "../fixtures/app";
import { createTestDb, type TestDb } from "../fixtures/db";
import { CookieJar, params, request } from "../fixtures/http";

// Mock-interview attempts through the route handlers on a fresh database of each provider: scored
// by the server against the lesson's rubric, listed per learner, counted on the instructor
// dashboard, and refused with the field and the reason when they do not match the content.

const course = "system-design";
const lesson = "rate-limiter";
const path = `/api/interview/${course}/${lesson}/attempts`;

async function loadRoutes() {
  return {
    attempts: await import("@/app/api/interview/[course]/[lesson]/attempts/route"),
    one: await import("@/app/api/interview/attempts/[id]/route"),
    server: await import("@/lib/interview/server"),
  };
}

describe.each(["sqlite", "postgres"] as const)("interview attempts over HTTP on %s", (provider) => {
  let testDb: TestDb;
  let app: { release(): Promise<void> } | undefined;
  let routes: Awaited<ReturnType<typeof loadRoutes>>;
  const ada = new CookieJar();
  const eve = new CookieJar();

  async function post(jar: CookieJar, body: unknown, where = { course, lesson }) {
    return jar.store(
      await routes.attempts.POST(request("POST", path, { jar, json: body }), params(where)),
    );
  }

  async function list(jar: CookieJar, kind: string) {
    const response = await routes.attempts.GET(
      request("GET", `${path}?kind=${kind}`, { jar }),
      params({ course, lesson }),
    );
    return response;
  }

  const drill = (said: string[]) => ({
    kind: "drill",
    timeLimitMs: 45_000,
    timeUsedMs: 41_250,
    said,
    answeredBy: "typing",
    typed: "Token bucket by default...",
  });

  beforeAll(async () => {
    testDb = await createTestDb(provider);
    app = useAppDatabase(testDb);
    routes = await loadRoutes();
  });

  afterAll(async () => {
    await app?.release();
    await testDb?.cleanup();
  });

  test("a drill is scored by the server and listed newest first with its time", async () => {
    const first = await post(ada, drill(["token-bucket-default", "refuse-with-429"]));
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ kind: "drill", score: 2, total: 6 });
    const second = await post(
      ada,
      drill([
        "token-bucket-default",
        "sliding-window-every-interval",
        "refuse-with-429",
        "shared-state-is-the-question",
      ]),
    );
    expect(second.status).toBe(201);
    const body = await (await list(ada, "drill")).json();
    expect(body.attempts.map((a: { score: number }) => a.score)).toEqual([4, 2]);
    expect(body.attempts[0]).toMatchObject({ total: 6, timeUsedMs: 41_250, timeLimitMs: 45_000 });
    expect((await (await list(eve, "drill")).json()).attempts).toEqual([]);
  });

  test("a made-up point, an unknown follow-up or a wrong kind is a 422 naming the field", async () => {
    const point = await post(eve, drill(["sounds-good"]));
    expect(point.status).toBe(422);
    expect((await point.json()).errors).toEqual([
      { field: "said", reason: 'no rubric point has the id "sounds-good"' },
    ]);
    const card = await post(eve, {
      kind: "follow-ups",
      questions: [
        { card: "refusal-status-code", said: [], rating: 3, timeUsedMs: 1, timeLimitMs: 90_000 },
      ],
    });
    expect((await card.json()).errors[0].field).toBe("questions.0.card");
    const kind = await post(eve, { kind: "quiz" });
    expect(kind.status).toBe(422);
    const query = await list(eve, "quiz");
    expect(query.status).toBe(400);
    const missing = await post(eve, drill([]), { course, lesson: "no-such-lesson" });
    expect(missing.status).toBe(404);
    expect(eve.size).toBe(0);
  });

  test("a simulation keeps its notes and drawing, for its learner only", async () => {
    const response = await post(ada, {
      kind: "simulation",
      phases: [
        { id: "requirements", said: ["identify-the-key"], timeUsedMs: 240_000 },
        { id: "high-level-design", said: ["shared-store", "placement"], timeUsedMs: 800_000 },
      ],
      notes: "Per API key; 429 + Retry-After",
      drawing: JSON.stringify({ type: "excalidraw", elements: [] }),
    });
    expect(response.status).toBe(201);
    const attempt = await response.json();
    expect(attempt).toMatchObject({ score: 3, total: 14 });
    expect(attempt.parts.map((p: { id: string }) => p.id)).toHaveLength(5);
    const mine = await routes.one.GET(
      request("GET", `/api/interview/attempts/${attempt.id}`, { jar: ada }),
      params({ id: attempt.id }),
    );
    expect(await mine.json()).toMatchObject({ notes: "Per API key; 429 + Retry-After" });
    const theirs = await routes.one.GET(
      request("GET", `/api/interview/attempts/${attempt.id}`, { jar: eve }),
      params({ id: attempt.id }),
    );
    expect(theirs.status).toBe(404);
  });

  test("the instructor's figures count attempts and put the least-said point first", async () => {
    const figures = await routes.server.getInterviewFigures({ course, lesson });
    expect(figures.kinds.find((k) => k.kind === "drill")).toMatchObject({
      attempts: 2,
      learners: 1,
    });
    expect(figures.kinds.find((k) => k.kind === "drill")!.meanScore).toBeCloseTo(0.5);
    const drillPoints = figures.weakest.filter((w) => w.kind === "drill");
    expect(drillPoints[0]).toMatchObject({ said: 0, asked: 2 });
    expect(figures.weakest.length).toBeLessThanOrEqual(10);
  });
});
