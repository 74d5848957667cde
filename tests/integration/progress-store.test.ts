import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ManualWallClock } from "@/lib/time/wall-clock";
import { exportUserData, progressOverview, deleteUserData } from "@/lib/progress/account";
import { getDraft, saveDraft } from "@/lib/progress/drafts";
import { mergeUserData } from "@/lib/auth/merge-user-data";
import { countCardsDue, recordReview, recordTrapAttempt } from "@/lib/progress/practice";
import { recordExerciseRun } from "@/lib/progress/runs";
import { listSectionsRead, markSectionRead } from "@/lib/progress/sections";
import {
  exerciseProgress,
  getSubmission,
  listSubmissions,
  recordSubmission,
} from "@/lib/progress/submissions";

import type { Viewer } from "@/lib/auth/viewer";
import type { StoreDeps } from "@/lib/progress/store-deps";
import { createTestDb, type TestDb } from "../fixtures/db";

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 10, 12);

async function makeUser(deps: StoreDeps, id: string): Promise<Viewer> {
  await deps.db.user.create({
    data: {
      id,
      name: id,
      email: `${id}@example.com`,
      createdAt: new Date(T0),
      updatedAt: new Date(T0),
    },
  });
  return { userId: id, role: "learner", anonymous: false };
}

const results = (verdict: string, statuses: string[]) => ({
  verdict,
  status: verdict === "accepted" ? "pass" : "fail",
  tests: statuses.map((status, i) => ({ name: `t${i}`, status, hidden: false })),
});

describe.each(["sqlite", "postgres"] as const)("progress store on %s", (provider) => {
  let testDb: TestDb;
  let deps: StoreDeps;
  let clock: ManualWallClock;
  let ada: Viewer;
  let bob: Viewer;

  beforeAll(async () => {
    testDb = await createTestDb(provider);
    clock = new ManualWallClock(T0);
    deps = { db: testDb.db, clock };
    ada = await makeUser(deps, "ada");
    bob = await makeUser(deps, "bob");
  });
  afterAll(async () => testDb?.cleanup());

  test("a section is read once and keeps the time it was first read", async () => {
    const ref = { course: "system-design", lesson: "rate-limiter", section: "answer" };
    const first = await markSectionRead(deps, ada, ref);
    clock.advance(1000);
    const again = await markSectionRead(deps, ada, ref);
    expect(first.firstTime).toBe(true);
    expect(again).toEqual({ readAt: first.readAt, firstTime: false });
    expect(await listSectionsRead(deps, ada, "system-design", "rate-limiter")).toEqual(["answer"]);
    expect(await listSectionsRead(deps, bob, "system-design", "rate-limiter")).toEqual([]);
  });

  test("a draft is saved, overwritten and visible only to its owner", async () => {
    await saveDraft(deps, ada, "fixed-window", "v1");
    clock.advance(1000);
    await saveDraft(deps, ada, "fixed-window", "v2");
    expect((await getDraft(deps, ada, "fixed-window"))?.code).toBe("v2");
    expect(await getDraft(deps, bob, "fixed-window")).toBeNull();
  });

  test("submissions keep code and results, and summarise attempts, best verdict and solved", async () => {
    const wrong = await recordSubmission(deps, ada, {
      exerciseId: "fixed-window",
      code: "wrong",
      results: results("wrong_answer", ["pass", "fail", "fail"]),
    });
    clock.advance(1000);
    const right = await recordSubmission(deps, ada, {
      exerciseId: "fixed-window",
      code: "right",
      results: results("accepted", ["pass", "pass", "pass"]),
    });
    expect(wrong).toMatchObject({ verdict: "wrong_answer", passed: 1, total: 3 });
    const list = await listSubmissions(deps, ada, "fixed-window");
    expect(list.map((s) => s.id)).toEqual([right.id, wrong.id]);
    const reopened = await getSubmission(deps, ada, wrong.id);
    expect(reopened?.code).toBe("wrong");
    expect(reopened?.results).toEqual(results("wrong_answer", ["pass", "fail", "fail"]));
    expect(await getSubmission(deps, bob, wrong.id)).toBeNull();
    expect(await exerciseProgress(deps, ada)).toEqual({
      "fixed-window": { attempts: 2, runs: 0, bestVerdict: "accepted", solved: true },
    });
  });

  test("Runs of an exercise are one counted row per learner: attempted without a Submit", async () => {
    const first = await recordExerciseRun(deps, ada, "token-bucket");
    clock.advance(1000);
    const second = await recordExerciseRun(deps, ada, "token-bucket");
    expect(first.runs).toBe(1);
    expect(second).toEqual({
      runs: 2,
      firstRunAt: first.firstRunAt,
      lastRunAt: new Date(first.firstRunAt.getTime() + 1000),
    });
    expect(await deps.db.exerciseRun.count({ where: { userId: "ada" } })).toBe(1);
    expect((await exerciseProgress(deps, ada))["token-bucket"]).toEqual({
      attempts: 0,
      runs: 2,
      bestVerdict: null,
      solved: false,
    });
    expect(await exerciseProgress(deps, bob)).toEqual({});
  });

  test("a results document too large to keep is still recorded, as its verdict and statuses", async () => {
    const huge = {
      ...results(
        "wrong_answer",
        Array.from({ length: 9000 }, () => "fail"),
      ),
      output: "x".repeat(1_200_000),
    };
    const cy = await makeUser(deps, "cy");
    const summary = await recordSubmission(deps, cy, {
      exerciseId: "sliding-log",
      code: "huge",
      results: huge,
    });
    expect(summary).toMatchObject({ verdict: "wrong_answer", passed: 0, total: 9000 });
    const stored = (await getSubmission(deps, cy, summary.id))?.results as {
      truncated?: boolean;
      tests: unknown[];
    };
    expect(stored.truncated).toBe(true);
    expect(stored.tests).toHaveLength(9000);
  });

  test("a review writes the card's state and its log together, and due cards are counted", async () => {
    const ref = { course: "system-design", lesson: "rate-limiter", card: "boundary-burst" };
    const next = {
      due: new Date(T0 - DAY),
      stability: 1.5,
      difficulty: 5.1,
      elapsedDays: 0,
      scheduledDays: 0,
      learningSteps: 1,
      reps: 1,
      lapses: 0,
      state: 1,
      lastReview: new Date(T0),
    };
    await recordReview(deps, ada, ref, { rating: 3, next });
    expect(await countCardsDue(deps, ada)).toBe(1);
    expect(await countCardsDue(deps, bob)).toBe(0);
  });

  test("the overview counts everything and the streak runs over consecutive UTC days", async () => {
    await recordTrapAttempt(deps, ada, {
      course: "system-design",
      lesson: "rate-limiter",
      trap: "increment-then-check",
      kind: "predict",
      answer: "2",
      correct: true,
    });
    clock.advance(DAY);
    await markSectionRead(deps, ada, {
      course: "system-design",
      lesson: "rate-limiter",
      section: "understand",
    });
    const overview = await progressOverview(deps, ada);
    expect(overview.counts).toEqual({
      sectionsRead: 2,
      submissions: 2,
      exercisesRun: 1,
      exercisesSolved: 1,
      drafts: 1,
      trapsPredicted: 1,
      trapsFixed: 0,
      cardsDue: 1,
    });
    expect(overview.streak).toBe(2);
    expect(overview.lessons).toEqual([
      { course: "system-design", lesson: "rate-limiter", sectionsRead: ["answer", "understand"] },
    ]);
  });

  test("merging an anonymous learner keeps the earlier read, the newer draft and all submissions", async () => {
    const anon = await makeUser(deps, "anon-1");
    const early = new ManualWallClock(T0 - 10 * DAY);
    await markSectionRead({ ...deps, clock: early }, anon, {
      course: "system-design",
      lesson: "rate-limiter",
      section: "answer",
    });
    await markSectionRead(deps, anon, {
      course: "system-design",
      lesson: "rate-limiter",
      section: "scenarios",
    });
    clock.advance(1000);
    await saveDraft(deps, anon, "fixed-window", "newest");
    await saveDraft(deps, anon, "token-bucket", "tb");
    await recordSubmission(deps, anon, {
      exerciseId: "token-bucket",
      code: "x",
      results: results("runtime_error", []),
    });

    await mergeUserData(deps.db, anon.userId, ada.userId);

    const sections = await listSectionsRead(deps, ada, "system-design", "rate-limiter");
    expect([...sections].sort()).toEqual(["answer", "scenarios", "understand"]);
    const answer = await deps.db.sectionRead.findFirst({
      where: { userId: "ada", section: "answer" },
    });
    expect(answer?.readAt.getTime()).toBe(T0 - 10 * DAY);
    expect((await getDraft(deps, ada, "fixed-window"))?.code).toBe("newest");
    expect((await getDraft(deps, ada, "token-bucket"))?.code).toBe("tb");
    expect(await listSubmissions(deps, ada, "token-bucket")).toHaveLength(1);
  });

  test("export holds every row of mine and no secrets; deleting removes them all", async () => {
    const data = await exportUserData(deps, ada);
    expect(data.user?.email).toBe("ada@example.com");
    expect(data.submissions.length).toBe(3);
    expect(Object.keys(data).sort()).toEqual([
      "drafts",
      "exerciseRuns",
      "exportedAt",
      "interviewAttempts",
      "reviewCards",
      "reviewLogs",
      "sectionsRead",
      "submissions",
      "trapAttempts",
      "user",
    ]);
    expect(JSON.stringify(data)).not.toMatch(/"(password|token|accessToken|userId)"/);
    await deleteUserData(deps, ada);
    expect(await deps.db.submission.count({ where: { userId: "ada" } })).toBe(0);
    expect(await deps.db.draft.count({ where: { userId: "ada" } })).toBe(0);
    expect(await deps.db.exerciseRun.count({ where: { userId: "ada" } })).toBe(0);
    expect(await deps.db.interviewAttempt.count({ where: { userId: "ada" } })).toBe(0);
    expect(await deps.db.user.count({ where: { id: "bob" } })).toBe(1);
  });
});
