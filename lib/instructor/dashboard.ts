import { Prisma } from "@/lib/db/generated/sqlite/client";
import type {
  DashboardDeps,
  DashboardScope,
  ExerciseRow,
  FunnelRow,
  HiddenTestRow,
  LessonDashboard,
} from "./dashboard-types";
import { cardFigures, trapFigures } from "./practice-figures";
import { medianOfHistogram, rate, toNumber } from "./statistics";

// The per-lesson dashboard's figures, straight from the progress tables. Every query is scoped to one
// lesson (course + lesson, or the lesson's exercise ids) and aggregates in the database, so the work
// grows with the lesson's rows, not the table's; docs/decisions/060-instructor-dashboard-figures.md
// defines each figure and records the timing at 100k submissions.

const ACCEPTED = "accepted";
const HIDDEN_TESTS_SHOWN = 50;

export async function lessonDashboard(
  deps: DashboardDeps,
  scope: DashboardScope,
): Promise<LessonDashboard> {
  const exerciseIds = scope.exercises.map((exercise) => exercise.slug);
  const [readers, sectionReads, exerciseCounts, unread, attempts, hidden, traps, cards] =
    await Promise.all([
      countReaders(deps, scope),
      countSectionReads(deps, scope),
      countSubmissions(deps, exerciseIds),
      countAttemptersWhoDidNotRead(deps, scope, exerciseIds),
      attemptsToSolve(deps, exerciseIds),
      hiddenTestFailures(deps, exerciseIds),
      trapFigures(deps, scope),
      cardFigures(deps, scope),
    ]);

  const funnel: FunnelRow[] = [
    ...scope.sections.map((section) => ({
      kind: "section" as const,
      id: section.slug,
      title: section.title,
      read: sectionReads.get(section.slug) ?? 0,
      attempted: null,
      solved: null,
    })),
    ...scope.exercises.map((exercise) => ({
      kind: "exercise" as const,
      id: exercise.slug,
      title: exercise.title,
      read: readers + (unread.get(exercise.slug) ?? 0),
      attempted: exerciseCounts.get(exercise.slug)?.attempted ?? 0,
      solved: exerciseCounts.get(exercise.slug)?.solved ?? 0,
    })),
  ];

  const exercises = scope.exercises.map((exercise): ExerciseRow => {
    const counts = exerciseCounts.get(exercise.slug);
    const attempted = counts?.attempted ?? 0;
    const solved = counts?.solved ?? 0;
    return {
      id: exercise.slug,
      title: exercise.title,
      attempted,
      solved,
      passRate: rate(solved, attempted),
      submissions: counts?.submissions ?? 0,
      accepted: counts?.accepted ?? 0,
      medianAttempts: medianOfHistogram(attempts.get(exercise.slug) ?? new Map()),
    };
  });

  return {
    course: scope.course,
    lesson: scope.lesson,
    readers,
    funnel,
    exercises,
    hiddenTests: hidden,
    traps: traps.rows(scope),
    cards: cards(scope),
  };
}

type Row = Record<string, unknown>;

async function countReaders({ db }: DashboardDeps, scope: DashboardScope): Promise<number> {
  const rows = await db.$queryRaw<Row[]>(Prisma.sql`
    SELECT COUNT(DISTINCT "userId") AS n FROM section_read
    WHERE course = ${scope.course} AND lesson = ${scope.lesson}`);
  return toNumber(rows[0]?.["n"]);
}

async function countSectionReads(
  { db }: DashboardDeps,
  scope: DashboardScope,
): Promise<Map<string, number>> {
  // (userId, course, lesson, section) is unique, so each row is one learner.
  const rows = await db.$queryRaw<Row[]>(Prisma.sql`
    SELECT section, COUNT(*) AS n FROM section_read
    WHERE course = ${scope.course} AND lesson = ${scope.lesson}
    GROUP BY section`);
  return new Map(rows.map((row) => [String(row["section"]), toNumber(row["n"])]));
}

interface SubmissionCounts {
  attempted: number;
  solved: number;
  submissions: number;
  accepted: number;
}

async function countSubmissions(
  { db }: DashboardDeps,
  exerciseIds: string[],
): Promise<Map<string, SubmissionCounts>> {
  if (exerciseIds.length === 0) return new Map();
  const rows = await db.$queryRaw<Row[]>(Prisma.sql`
    SELECT "exerciseId" AS id,
           COUNT(DISTINCT "userId") AS attempted,
           COUNT(DISTINCT CASE WHEN verdict = ${ACCEPTED} THEN "userId" END) AS solved,
           COUNT(*) AS submissions,
           SUM(CASE WHEN verdict = ${ACCEPTED} THEN 1 ELSE 0 END) AS accepted
    FROM submission
    WHERE "exerciseId" IN (${Prisma.join(exerciseIds)})
    GROUP BY "exerciseId"`);
  return new Map(
    rows.map((row) => [
      String(row["id"]),
      {
        attempted: toNumber(row["attempted"]),
        solved: toNumber(row["solved"]),
        submissions: toNumber(row["submissions"]),
        accepted: toNumber(row["accepted"]),
      },
    ]),
  );
}

/**
 * The top of an exercise's funnel: learners who read any section of the lesson, plus those who
 * attempted the exercise without reading (straight from a link). Returns the second group's size.
 */
async function countAttemptersWhoDidNotRead(
  { db }: DashboardDeps,
  scope: DashboardScope,
  exerciseIds: string[],
): Promise<Map<string, number>> {
  if (exerciseIds.length === 0) return new Map();
  const rows = await db.$queryRaw<Row[]>(Prisma.sql`
    SELECT s."exerciseId" AS id, COUNT(DISTINCT s."userId") AS n
    FROM submission s
    WHERE s."exerciseId" IN (${Prisma.join(exerciseIds)})
      AND NOT EXISTS (SELECT 1 FROM section_read r
                      WHERE r."userId" = s."userId"
                        AND r.course = ${scope.course} AND r.lesson = ${scope.lesson})
    GROUP BY s."exerciseId"`);
  return new Map(rows.map((row) => [String(row["id"]), toNumber(row["n"])]));
}

/**
 * For each exercise, how many solvers needed n submissions (up to and including their first accepted
 * one): a histogram, so the database returns a few rows rather than one per learner.
 */
async function attemptsToSolve(
  { db }: DashboardDeps,
  exerciseIds: string[],
): Promise<Map<string, Map<number, number>>> {
  if (exerciseIds.length === 0) return new Map();
  const rows = await db.$queryRaw<Row[]>(Prisma.sql`
    SELECT id, attempts, COUNT(*) AS learners
    FROM (SELECT s."exerciseId" AS id, COUNT(*) AS attempts
          FROM submission s
          JOIN (SELECT "exerciseId", "userId", MIN("createdAt") AS solved_at
                FROM submission
                WHERE "exerciseId" IN (${Prisma.join(exerciseIds)}) AND verdict = ${ACCEPTED}
                GROUP BY "exerciseId", "userId") f
            ON f."exerciseId" = s."exerciseId" AND f."userId" = s."userId"
          WHERE s."createdAt" <= f.solved_at
          GROUP BY s."exerciseId", s."userId") per_learner
    GROUP BY id, attempts`);
  const histograms = new Map<string, Map<number, number>>();
  for (const row of rows) {
    const id = String(row["id"]);
    const histogram = histograms.get(id) ?? new Map<number, number>();
    histogram.set(toNumber(row["attempts"]), toNumber(row["learners"]));
    histograms.set(id, histogram);
  }
  return histograms;
}

/**
 * Hidden tests that failed, by name. The rows come from submission_failure, which a database trigger
 * fills from each results document as the submission is stored: reading the documents here would
 * make the dashboard slower with every submission (docs/decisions/060).
 */
async function hiddenTestFailures(
  { db }: DashboardDeps,
  exerciseIds: string[],
): Promise<HiddenTestRow[]> {
  if (exerciseIds.length === 0) return [];
  const rows = await db.$queryRaw<Row[]>(Prisma.sql`
    SELECT "exerciseId" AS id, test, category,
           COUNT(*) AS failures, COUNT(DISTINCT "userId") AS learners
    FROM submission_failure
    WHERE "exerciseId" IN (${Prisma.join(exerciseIds)})
    GROUP BY "exerciseId", test, category
    ORDER BY failures DESC, learners DESC, test
    LIMIT ${HIDDEN_TESTS_SHOWN}`);
  return rows.map((row) => ({
    exerciseId: String(row["id"]),
    test: String(row["test"]),
    category:
      row["category"] === null || row["category"] === undefined ? null : String(row["category"]),
    failures: toNumber(row["failures"]),
    learners: toNumber(row["learners"]),
  }));
}
