import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, test } from "vitest";
import { lessonDashboard } from "@/lib/instructor/dashboard";
import type { DashboardScope } from "@/lib/instructor/dashboard-types";
import { createSqliteTestDb, type TestDb } from "../fixtures/db";

// The dashboard at 100,000 submissions (plus reads, trap attempts and reviews) on SQLite, seeded
// straight through better-sqlite3 in one transaction. It checks the totals against what was seeded
// and measures the dashboard's queries; the figure is printed for the decision record (060).

const SUBMISSIONS = 100_000;
const USERS = 5_000;
const exercises = Array.from({ length: 8 }, (_, i) => `exercise-${i + 1}`);
const otherExercises = ["elsewhere-1", "elsewhere-2"];
const sections = ["answer", "understand", "reference", "scenarios", "next-move", "practice"];

const scope: DashboardScope = {
  course: "system-design",
  lesson: "rate-limiter",
  sections: sections.map((slug) => ({ slug, title: slug })),
  exercises: exercises.map((slug) => ({ slug, title: slug })),
  traps: ["a", "b", "c"].map((slug) => ({ slug, title: slug })),
  cards: [],
};

/** A deterministic generator, so the seeded figures are the same on every run. */
function lcg(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    // The high bits: an LCG's low bits repeat with a short period.
    return (state >>> 8) % n;
  };
}

function iso(ms: number): string {
  // How Prisma's SQLite adapter stores a DateTime.
  return new Date(ms).toISOString().replace("Z", "+00:00");
}

interface Seeded {
  inScope: number;
  acceptedInScope: number;
}

function seed(file: string): Seeded {
  const sqlite = new Database(file);
  const random = lcg(7);
  const start = Date.UTC(2026, 0, 1);
  let inScope = 0;
  let acceptedInScope = 0;
  sqlite.transaction(() => {
    const user = sqlite.prepare(
      `INSERT INTO "user" (id, name, email, "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?)`,
    );
    for (let u = 0; u < USERS; u++)
      user.run(`user-${u}`, "x", `u${u}@example.com`, iso(start), iso(start));

    const read = sqlite.prepare(
      `INSERT OR IGNORE INTO section_read (id, "userId", course, lesson, section, "readAt") VALUES (?, ?, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < 20_000; i++) {
      read.run(
        `read-${i}`,
        `user-${random(USERS)}`,
        scope.course,
        scope.lesson,
        sections[random(sections.length)]!,
        iso(start),
      );
    }

    const submission = sqlite.prepare(
      `INSERT INTO submission (id, "userId", "exerciseId", code, results, verdict, passed, total, "createdAt")
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const all = [...exercises, ...otherExercises];
    for (let i = 0; i < SUBMISSIONS; i++) {
      const exerciseId = all[random(all.length)]!;
      const accepted = random(3) === 0;
      const tests = Array.from({ length: 12 }, (_, t) => ({
        name: `${exerciseId}: rule number ${t} holds at the boundary`,
        status: accepted || random(4) !== 0 ? "pass" : "fail",
        hidden: t >= 4,
        ...(t >= 4 ? { category: `category ${t % 3}` } : {}),
      }));
      const verdict = accepted ? "accepted" : "wrong_answer";
      const results = JSON.stringify({
        version: 3,
        status: accepted ? "pass" : "fail",
        verdict,
        tests,
      });
      if (exercises.includes(exerciseId)) {
        inScope++;
        if (accepted) acceptedInScope++;
      }
      submission.run(
        `sub-${i}`,
        `user-${random(USERS)}`,
        exerciseId,
        "export class X {}",
        results,
        verdict,
        tests.filter((t) => t.status === "pass").length,
        tests.length,
        iso(start + i * 1000),
      );
    }

    const trap = sqlite.prepare(
      `INSERT INTO trap_attempt (id, "userId", course, lesson, trap, kind, answer, correct, "createdAt")
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < 10_000; i++) {
      trap.run(
        `trap-${i}`,
        `user-${random(USERS)}`,
        scope.course,
        scope.lesson,
        ["a", "b", "c"][random(3)]!,
        random(4) === 0 ? "fix" : "predict",
        "3",
        random(2),
        iso(start + i * 1000),
      );
    }

    const review = sqlite.prepare(
      `INSERT INTO review_log (id, "userId", course, lesson, card, rating, state, "reviewedAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < 20_000; i++) {
      review.run(
        `review-${i}`,
        `user-${random(USERS)}`,
        scope.course,
        scope.lesson,
        `card-${random(12)}`,
        1 + random(4),
        2,
        iso(start + i * 1000),
      );
    }
  })();
  sqlite.close();
  return { inScope, acceptedInScope };
}

let testDb: TestDb;
let seeded: Seeded;

beforeAll(async () => {
  testDb = await createSqliteTestDb();
  seeded = seed(testDb.url.slice("file:".length));
}, 120_000);

afterAll(async () => {
  await testDb?.cleanup();
});

test("the dashboard's figures at 100k submissions add up to what was seeded, in well under a second", async () => {
  const deps = { db: testDb.db };
  await lessonDashboard(deps, scope); // first run: connection and page cache
  const timings: number[] = [];
  let dashboard = await lessonDashboard(deps, scope);
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    dashboard = await lessonDashboard(deps, scope);
    timings.push(performance.now() - started);
  }
  const sorted = [...timings].sort((a, b) => a - b);
  console.log(
    `[instructor dashboard] ${SUBMISSIONS} submissions: ${sorted.map((ms) => ms.toFixed(0)).join(", ")} ms (median ${sorted[1]!.toFixed(0)} ms)`,
  );

  const submissions = dashboard.exercises.reduce((sum, row) => sum + row.submissions, 0);
  const accepted = dashboard.exercises.reduce((sum, row) => sum + row.accepted, 0);
  expect(submissions).toBe(seeded.inScope);
  expect(accepted).toBe(seeded.acceptedInScope);
  expect(dashboard.hiddenTests).toHaveLength(50);
  expect(dashboard.cards).toHaveLength(12);
  expect(dashboard.traps.map((trap) => trap.id)).toEqual(["a", "b", "c"]);
  // A regression guard, generous for a busy two-core machine: measured figures are far below it.
  expect(sorted[1]!).toBeLessThan(3_000);
}, 120_000);
