import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Db } from "@/lib/db/client";
import { lessonDashboard } from "@/lib/instructor/dashboard";
import type { DashboardScope } from "@/lib/instructor/dashboard-types";
import { createTestDb, type TestDb } from "../fixtures/db";

// The dashboard's figures on a small data set whose every number is worked out by hand below, on
// both databases (the hidden-test query is written once per provider).

const scope: DashboardScope = {
  course: "c",
  lesson: "l",
  sections: [
    { slug: "s1", title: "Section one" },
    { slug: "s2", title: "Section two" },
  ],
  exercises: [
    { slug: "e1", title: "Exercise one" },
    { slug: "e2", title: "Exercise two" },
  ],
  traps: [{ slug: "t1", title: "Trap one" }],
  cards: [
    { id: "k1", prompt: "Card one?" },
    { id: "k2", prompt: "Card two?" },
  ],
};

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

function results(verdict: string, tests: [name: string, hidden: boolean, status: string][]) {
  return JSON.stringify({
    version: 3,
    status: verdict === "accepted" ? "pass" : "fail",
    verdict,
    tests: tests.map(([name, hidden, status]) => ({
      name,
      hidden,
      status,
      ...(hidden ? { category: "edges" } : {}),
    })),
  });
}

async function seed(db: Db): Promise<void> {
  for (const id of ["u1", "u2", "u3", "u4"]) {
    await db.user.create({ data: { id, name: id, email: `${id}@example.com` } });
  }
  // Readers: u1 read both sections, u2 and u3 the first; u4 never read anything.
  const reads: [string, string, string][] = [
    ["u1", "l", "s1"],
    ["u1", "l", "s2"],
    ["u2", "l", "s1"],
    ["u3", "l", "s1"],
    ["u4", "other-lesson", "s1"],
  ];
  for (const [userId, lesson, section] of reads) {
    await db.sectionRead.create({ data: { userId, course: "c", lesson, section } });
  }

  const submissions: [string, string, number, string, [string, boolean, string][]][] = [
    // u1 needs three submissions for e1, then submits a failing one after solving it.
    [
      "u1",
      "e1",
      0,
      "wrong_answer",
      [
        ["visible", false, "fail"],
        ["A", true, "fail"],
        ["B", true, "pass"],
      ],
    ],
    [
      "u1",
      "e1",
      1,
      "wrong_answer",
      [
        ["visible", false, "pass"],
        ["A", true, "fail"],
        ["B", true, "fail"],
      ],
    ],
    [
      "u1",
      "e1",
      2,
      "accepted",
      [
        ["visible", false, "pass"],
        ["A", true, "pass"],
        ["B", true, "pass"],
      ],
    ],
    [
      "u1",
      "e1",
      3,
      "wrong_answer",
      [
        ["visible", false, "pass"],
        ["A", true, "fail"],
        ["B", true, "pass"],
      ],
    ],
    // u2 solves it at once.
    [
      "u2",
      "e1",
      0,
      "accepted",
      [
        ["visible", false, "pass"],
        ["A", true, "pass"],
        ["B", true, "pass"],
      ],
    ],
    // u4 never read the lesson, came straight to the exercise, and failed.
    [
      "u4",
      "e1",
      5,
      "wrong_answer",
      [
        ["visible", false, "pass"],
        ["A", true, "fail"],
        ["B", true, "pass"],
      ],
    ],
    // Another lesson's exercise: must not count anywhere.
    ["u3", "other", 0, "wrong_answer", [["A", true, "fail"]]],
  ];
  for (const [userId, exerciseId, minute, verdict, tests] of submissions) {
    await db.submission.create({
      data: {
        userId,
        exerciseId,
        code: "// code",
        results: results(verdict, tests),
        verdict,
        passed: tests.filter(([, , status]) => status === "pass").length,
        total: tests.length,
        createdAt: at(minute),
      },
    });
  }

  const attempts: [string, string, string, boolean, number][] = [
    ["u1", "t1", "predict", false, 0],
    ["u1", "t1", "predict", true, 1], // after reading the explanation: not the first prediction
    ["u2", "t1", "predict", true, 0],
    ["u3", "t1", "predict", false, 0],
    ["u1", "t1", "fix", true, 2],
    ["u2", "t1", "fix", false, 2],
  ];
  for (const [userId, trap, kind, correct, minute] of attempts) {
    await db.trapAttempt.create({
      data: {
        userId,
        course: "c",
        lesson: "l",
        trap,
        kind,
        answer: "x",
        correct,
        createdAt: at(minute),
      },
    });
  }
  await db.trapAttempt.create({
    data: {
      userId: "u4",
      course: "c",
      lesson: "other-lesson",
      trap: "t1",
      kind: "predict",
      answer: "x",
      correct: true,
    },
  });

  const reviews: [string, string, number][] = [
    ["u1", "k1", 1],
    ["u1", "k1", 3],
    ["u2", "k1", 1],
    ["u1", "k2", 3],
    ["u2", "k2", 1],
    ["u3", "k2", 0], // brought forward by a trap: not a grade
  ];
  for (const [userId, card, rating] of reviews) {
    await db.reviewLog.create({
      data: { userId, course: "c", lesson: "l", card, rating, state: 1, reviewedAt: at(0) },
    });
  }
}

describe.each(["sqlite", "postgres"] as const)("the instructor dashboard on %s", (provider) => {
  let testDb: TestDb;

  beforeAll(async () => {
    testDb = await createTestDb(provider);
    await seed(testDb.db);
  });

  afterAll(async () => {
    await testDb?.cleanup();
  });

  async function dashboard() {
    return lessonDashboard({ db: testDb.db }, scope);
  }

  test("the funnel counts readers per section, and read → attempted → solved per exercise", async () => {
    const result = await dashboard();
    expect(result.readers).toBe(3);
    expect(result.funnel).toEqual([
      { kind: "section", id: "s1", title: "Section one", read: 3, attempted: null, solved: null },
      { kind: "section", id: "s2", title: "Section two", read: 1, attempted: null, solved: null },
      // The three readers plus u4, who attempted e1 without reading.
      { kind: "exercise", id: "e1", title: "Exercise one", read: 4, attempted: 3, solved: 2 },
      { kind: "exercise", id: "e2", title: "Exercise two", read: 3, attempted: 0, solved: 0 },
    ]);
  });

  test("pass rate is solvers over attempters; median attempts counts up to the first accept", async () => {
    const [e1, e2] = (await dashboard()).exercises;
    expect(e1).toEqual({
      id: "e1",
      title: "Exercise one",
      attempted: 3,
      solved: 2,
      passRate: 2 / 3,
      submissions: 6,
      accepted: 2,
      medianAttempts: 2, // u1 took 3, u2 took 1
    });
    expect(e2).toMatchObject({ attempted: 0, passRate: null, medianAttempts: null });
  });

  test("hidden tests that fail most often come first, by name, visible tests left out", async () => {
    expect((await dashboard()).hiddenTests).toEqual([
      { exerciseId: "e1", test: "A", category: "edges", failures: 4, learners: 2 },
      { exerciseId: "e1", test: "B", category: "edges", failures: 1, learners: 1 },
    ]);
  });

  test("failed hidden tests follow a submission to the account it is merged into", async () => {
    const db = testDb.db;
    await db.user.create({ data: { id: "anon", name: "anon", email: "anon@example.com" } });
    await db.submission.create({
      data: {
        userId: "anon",
        exerciseId: "e2",
        code: "// code",
        results: results("wrong_answer", [["C", true, "fail"]]),
        verdict: "wrong_answer",
        passed: 0,
        total: 1,
      },
    });
    // What signing up does with an anonymous learner's rows (lib/progress/merge.ts).
    await db.submission.updateMany({ where: { userId: "anon" }, data: { userId: "u3" } });
    await db.user.delete({ where: { id: "anon" } });
    const row = (await dashboard()).hiddenTests.find((test) => test.test === "C");
    expect(row).toEqual({
      exerciseId: "e2",
      test: "C",
      category: "edges",
      failures: 1,
      learners: 1,
    });
    const failures = await db.$queryRawUnsafe<{ userId: string }[]>(
      `SELECT "userId" FROM submission_failure WHERE test = 'C'`,
    );
    expect(failures).toEqual([{ userId: "u3" }]);
    // Leave the fixture as the other tests expect it.
    await db.submission.deleteMany({ where: { exerciseId: "e2" } });
  });

  test("trap accuracy is measured on each learner's first prediction", async () => {
    expect((await dashboard()).traps).toEqual([
      {
        id: "t1",
        title: "Trap one",
        learners: 3,
        firstCorrect: 1,
        accuracy: 1 / 3,
        predictions: 4,
        fixes: 2,
        fixesPassed: 1,
      },
    ]);
  });

  test("cards are ordered by how often learners graded them Again", async () => {
    expect((await dashboard()).cards).toEqual([
      { id: "k1", prompt: "Card one?", reviews: 3, again: 2, againRate: 2 / 3, learners: 2 },
      { id: "k2", prompt: "Card two?", reviews: 2, again: 1, againRate: 1 / 2, learners: 2 },
    ]);
  });
});
