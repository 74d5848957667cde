import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { useAppDatabase } from "../fixtures/app";
import { createSqliteTestDb, type TestDb } from "../fixtures/db";
import { CookieJar, params, request } from "../fixtures/http";

// The instructor API through its route handlers, on a fresh SQLite database and the real content
// tree: nobody but an instructor gets a figure (401 without an account, 403 for a learner), the
// figures and the CSV reflect what learners did, and the playground judges on the server.

let testDb: TestDb;
let app: { release(): Promise<void> } | undefined;
let routes: Awaited<ReturnType<typeof loadRoutes>>;

async function loadRoutes() {
  return {
    auth: await import("@/app/api/auth/[...all]/route"),
    sections: await import("@/app/api/progress/sections/route"),
    dashboard: await import("@/app/api/instructor/[course]/[lesson]/route"),
    csv: await import("@/app/api/instructor/[course]/[lesson]/[table]/route"),
    playground: await import("@/app/api/instructor/playground/route"),
    progress: await import("@/lib/progress/app-progress"),
    identity: await import("@/lib/auth"),
    db: await import("@/lib/db"),
    judge: await import("@/lib/judge"),
    guard: await import("@/lib/protection/guarded-judge"),
  };
}

const lesson = { course: "system-design", lesson: "rate-limiter" };
const learner = new CookieJar();
const instructor = new CookieJar();
const nobody = new CookieJar();

async function signUp(jar: CookieJar, email: string): Promise<void> {
  const response = await routes.auth.POST(
    request("POST", "/api/auth/sign-up/email", {
      jar,
      json: { email, password: "a long enough password", name: "X" },
    }),
  );
  jar.store(response);
  expect(response.status).toBe(200);
}

function getDashboard(jar: CookieJar, course = lesson.course, name = lesson.lesson) {
  return routes.dashboard.GET(
    request("GET", `/api/instructor/${course}/${name}`, { jar }),
    params({ course, lesson: name }),
  );
}

function getCsv(jar: CookieJar, table: string) {
  return routes.csv.GET(
    request("GET", `/api/instructor/${lesson.course}/${lesson.lesson}/${table}`, { jar }),
    params({ ...lesson, table }),
  );
}

function postPlayground(jar: CookieJar, json: unknown, address?: string) {
  const headers: Record<string, string> = address ? { "x-tradeoff-socket-address": address } : {};
  return routes.playground.POST(
    request("POST", "/api/instructor/playground", { jar, json, headers }),
    undefined,
  );
}

beforeAll(async () => {
  testDb = await createSqliteTestDb();
  app = useAppDatabase(testDb);
  // The judges these tests hold open wait in the guard's lanes: none may give up meanwhile, and a
  // cold worker on a loaded machine is no reason for a 503 here.
  vi.stubEnv("JUDGE_MAX_WAIT_MS", "60000");
  routes = await loadRoutes();
  await signUp(learner, "learner@example.com");
  await signUp(instructor, "instructor@example.com");
  await routes.db
    .getDb()
    .user.update({ where: { email: "instructor@example.com" }, data: { role: "instructor" } });

  // What the learner did: read a section, failed fixed-window once (a hidden test), then solved it.
  const read = await routes.sections.POST(
    request("POST", "/api/progress/sections", {
      jar: learner,
      json: { ...lesson, section: "answer" },
    }),
    undefined,
  );
  expect(read.status).toBe(200);
  const { viewer } = await routes.identity.requireLearner(
    new Headers({ cookie: learner.header() }),
  );
  const hidden = (status: string) => ({ name: "windows align to zero", status, hidden: true });
  await routes.progress.recordSubmission(viewer, {
    exerciseId: "fixed-window",
    code: "// 1",
    results: { verdict: "wrong_answer", tests: [hidden("fail")] },
  });
  await routes.progress.recordSubmission(viewer, {
    exerciseId: "fixed-window",
    code: "// 2",
    results: { verdict: "accepted", tests: [hidden("pass")] },
  });
}, 60_000);

afterAll(async () => {
  await routes?.judge.shutdownJudgePool();
  await app?.release();
  await testDb?.cleanup();
});

describe("the instructor API", () => {
  test("refuses a visitor without an account (401) and a learner (403), on every endpoint", async () => {
    for (const [jar, status] of [
      [nobody, 401],
      [learner, 403],
    ] as const) {
      expect((await getDashboard(jar)).status).toBe(status);
      expect((await getCsv(jar, "funnel.csv")).status).toBe(status);
      const judged = await postPlayground(jar, {
        exerciseId: "fixed-window",
        kind: "solution",
        code: "export class FixedWindow {}",
      });
      expect(judged.status).toBe(status);
      expect(judged.headers.get("content-type")).toBe("application/problem+json");
    }
  });

  test("gives an instructor the lesson's figures from what learners did", async () => {
    const response = await getDashboard(instructor);
    expect(response.status).toBe(200);
    const dashboard = await response.json();
    expect(dashboard.readers).toBe(1);
    expect(dashboard.funnel).toContainEqual({
      kind: "exercise",
      id: "fixed-window",
      title: "Fixed window",
      read: 1,
      attempted: 1,
      solved: 1,
    });
    expect(dashboard.exercises[0]).toMatchObject({
      id: "fixed-window",
      submissions: 2,
      accepted: 1,
      passRate: 1,
      medianAttempts: 2,
    });
    expect(dashboard.hiddenTests).toEqual([
      {
        exerciseId: "fixed-window",
        test: "windows align to zero",
        category: null,
        failures: 1,
        learners: 1,
      },
    ]);
  });

  test("exports each table as CSV with a header row", async () => {
    const response = await getCsv(instructor, "exercises.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="system-design-rate-limiter-exercises.csv"',
    );
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Exercise,Title,Attempted,Solved,Pass rate,Submissions,Accepted,Median attempts",
    );
    expect(lines[1]).toBe("fixed-window,Fixed window,1,1,1,2,1,2");
    expect(lines).toHaveLength(1 + dashboardExerciseCount());

    const hidden = await (await getCsv(instructor, "hidden-tests.csv")).text();
    expect(hidden).toBe(
      "Exercise,Test,Category,Failures,Learners\r\nfixed-window,windows align to zero,,1,1\r\n",
    );
  });

  test("answers 400 for an unknown table and 404 for an unknown lesson", async () => {
    const table = await getCsv(instructor, "secrets.csv");
    expect(table.status).toBe(400);
    expect((await table.json()).errors[0].field).toBe("table");
    expect((await getDashboard(instructor, "system-design", "no-such-lesson")).status).toBe(404);
  });

  test("judges candidate tests against the reference (must pass) and the starter (should fail)", async () => {
    const { loadExerciseForJudge } = await import("@/lib/content/exercises");
    const tests = loadExerciseForJudge("fixed-window").visibleTests;
    const response = await postPlayground(instructor, {
      exerciseId: "fixed-window",
      kind: "tests",
      code: tests,
    });
    expect(response.status).toBe(200);
    const { runs } = await response.json();
    expect(
      runs.map((run: { label: string; asExpected: boolean; results: { verdict: string } }) => [
        run.label,
        run.results.verdict,
        run.asExpected,
      ]),
    ).toEqual([
      ["The reference solution against your tests", "accepted", true],
      ["The starter against your tests", "wrong_answer", true],
    ]);
  }, 60_000);

  test("judges a candidate solution against the visible and hidden tests", async () => {
    const { loadExerciseForJudge } = await import("@/lib/content/exercises");
    const { starter } = loadExerciseForJudge("fixed-window");
    const response = await postPlayground(instructor, {
      exerciseId: "fixed-window",
      kind: "solution",
      code: starter,
    });
    const { runs } = await response.json();
    expect(runs).toHaveLength(1);
    expect(runs[0].results.verdict).toBe("wrong_answer");
    expect(runs[0].results.tests.some((t: { hidden: boolean }) => t.hidden)).toBe(true);
  }, 60_000);

  test("answers 422 naming the field for a bad body, and 404 for an unknown exercise", async () => {
    const bad = await postPlayground(instructor, {
      exerciseId: "fixed-window",
      kind: "poem",
      code: "x",
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual([
      { field: "kind", reason: 'kind must be "solution" or "tests"' },
    ]);
    const unknown = await postPlayground(instructor, {
      exerciseId: "no-such-exercise",
      kind: "solution",
      code: "x",
    });
    expect(unknown.status).toBe(404);
  });
});

describe("the playground behind the judge guard", () => {
  const solution = { exerciseId: "fixed-window", kind: "solution", code: "export class X {}" };
  const instructorId = async () =>
    (await routes.db.getDb().user.findUniqueOrThrow({ where: { email: "instructor@example.com" } }))
      .id;

  test("refuses an instructor's judge while their address has its share of judges under way (429)", async () => {
    // Four learners' judges from one address, still running: the address's cap (4).
    const address = "198.51.100.40";
    let finish!: () => void;
    const running = new Promise<void>((resolve) => (finish = resolve));
    const holders = [1, 2, 3, 4].map((n) =>
      routes.guard.judgeGuard().run({ learner: `holder-${n}`, ip: address }, async () => {
        await running;
        return { verdict: "accepted" };
      }),
    );
    try {
      const refused = await postPlayground(instructor, solution, address);
      expect(refused.status).toBe(429);
      expect((await refused.json()).title).toBe("Too many judges at once");
    } finally {
      finish();
      await Promise.all(holders);
    }
    expect((await postPlayground(instructor, solution, address)).status).toBe(200);
  }, 60_000);

  test("pauses an instructor whose judge had to be hard-killed, as it pauses a learner (429)", async () => {
    // The incident itself, without spending a worker's 2 s on it: a judge of this instructor's
    // that ended as the hard kill ends.
    const hardKill = { verdict: "time_limit_exceeded", resources: { cpuMs: 60_000 } };
    await routes.guard
      .judgeGuard()
      .run({ learner: await instructorId(), ip: "198.51.100.41" }, async () => hardKill);
    const paused = await postPlayground(instructor, solution, "198.51.100.42");
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await paused.json()).title).toBe("The judge is paused for you");
  });
});

/** Every exercise of the lesson has a row in the exercises table, attempted or not. */
function dashboardExerciseCount(): number {
  return findLesson(findCourse(loadCatalog(), lesson.course)!, lesson.lesson)!.exercises.length;
}
