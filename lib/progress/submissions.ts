import { exerciseRuns } from "./runs";
import { MAX_RESULTS_CHARS, type SubmissionInput } from "./schemas";
import type { Viewer } from "@/lib/auth/viewer";
import type { StoreDeps } from "./store-deps";

export interface SubmissionSummary {
  id: string;
  exerciseId: string;
  verdict: string;
  passed: number;
  total: number;
  createdAt: Date;
}

export interface SubmissionView extends SubmissionSummary {
  code: string;
  /** The judge's results document, as it was stored. */
  results: unknown;
}

export interface ExerciseProgress {
  /** Submits. */
  attempts: number;
  /** Runs of the visible tests (lib/progress/runs.ts): an exercise run but never submitted is attempted. */
  runs: number;
  /** The verdict of the best submission: accepted first, then the most tests passed. */
  bestVerdict: string | null;
  solved: boolean;
}

export const ACCEPTED = "accepted";

/**
 * Keeps a submission with its code and results. The insert is its own transaction, committed
 * (and on SQLite synced to the WAL) before this resolves: once the caller has acknowledged the
 * submission to the learner, it survives a crash. With an `id` (the judge queue's job id) it is
 * idempotent: recording the same id for the same learner again returns the row already kept.
 */
export async function recordSubmission(
  deps: StoreDeps,
  viewer: Viewer,
  input: SubmissionInput,
  { id }: { id?: string } = {},
): Promise<SubmissionSummary> {
  const results = storedResults(input.results);
  const tests = input.results.tests ?? [];
  const passed = tests.filter((test) => test.status === "pass").length;
  const create = deps.db.$transaction((tx) =>
    tx.submission.create({
      data: {
        ...(id === undefined ? {} : { id }),
        userId: viewer.userId,
        exerciseId: input.exerciseId,
        code: input.code,
        results,
        verdict: input.results.verdict,
        passed,
        total: tests.length,
        createdAt: deps.clock.now(),
      },
      select: summarySelect,
    }),
  );
  if (id === undefined) return create;
  try {
    return await create;
  } catch (error) {
    // Recorded already: a judge worker retrying after a crash records the same submission again.
    const existing = await deps.db.submission.findFirst({
      where: { id, userId: viewer.userId },
      select: summarySelect,
    });
    if (existing) return existing;
    throw error;
  }
}

/**
 * The document as JSON text. The judge keeps documents far below the cap; one that is over it
 * anyway is kept as its verdict and its tests' names and statuses, marked truncated: a submission
 * is never dropped for its size.
 */
export function storedResults(results: SubmissionInput["results"]): string {
  const whole = JSON.stringify(results);
  if (whole.length <= MAX_RESULTS_CHARS) return whole;
  const tests = (results.tests ?? []).map((test) => ({
    ...(typeof test.name === "string" ? { name: test.name.slice(0, 200) } : {}),
    status: test.status.slice(0, 20),
  }));
  const summary = {
    ...(typeof results.version === "number" ? { version: results.version } : {}),
    status: typeof results.status === "string" ? results.status.slice(0, 20) : undefined,
    verdict: results.verdict,
    message: `The full results (${whole.length} characters) were too large to keep.`,
    truncated: true,
    tests,
  };
  const short = JSON.stringify(summary);
  return short.length <= MAX_RESULTS_CHARS ? short : JSON.stringify({ ...summary, tests: [] });
}

const summarySelect = {
  id: true,
  exerciseId: true,
  verdict: true,
  passed: true,
  total: true,
  createdAt: true,
} as const;

/** The viewer's submissions of one exercise, newest first. */
export async function listSubmissions(
  deps: StoreDeps,
  viewer: Viewer,
  exerciseId: string,
  limit = 100,
): Promise<SubmissionSummary[]> {
  return deps.db.submission.findMany({
    where: { userId: viewer.userId, exerciseId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: summarySelect,
  });
}

/** One of the viewer's submissions, or null: someone else's id looks exactly like a missing one. */
export async function getSubmission(
  deps: StoreDeps,
  viewer: Viewer,
  id: string,
): Promise<SubmissionView | null> {
  const row = await deps.db.submission.findFirst({ where: { id, userId: viewer.userId } });
  if (!row) return null;
  return {
    id: row.id,
    exerciseId: row.exerciseId,
    verdict: row.verdict,
    passed: row.passed,
    total: row.total,
    createdAt: row.createdAt,
    code: row.code,
    results: JSON.parse(row.results) as unknown,
  };
}

/** Submits, Runs, best verdict and solved flag per exercise, for the exercises given (or all). */
export async function exerciseProgress(
  deps: StoreDeps,
  viewer: Viewer,
  exerciseIds?: readonly string[],
): Promise<Record<string, ExerciseProgress>> {
  const [rows, runs] = await Promise.all([
    deps.db.submission.findMany({
      where: {
        userId: viewer.userId,
        ...(exerciseIds ? { exerciseId: { in: [...exerciseIds] } } : {}),
      },
      select: { exerciseId: true, verdict: true, passed: true, total: true },
    }),
    exerciseRuns(deps, viewer, exerciseIds),
  ]);
  const byExercise: Record<string, ExerciseProgress> = {};
  const entryOf = (exerciseId: string) =>
    (byExercise[exerciseId] ??= { attempts: 0, runs: 0, bestVerdict: null, solved: false });
  const best = new Map<string, { verdict: string; score: number }>();
  for (const row of rows) {
    const entry = entryOf(row.exerciseId);
    entry.attempts += 1;
    const accepted = row.verdict === ACCEPTED;
    if (accepted) entry.solved = true;
    const score = (accepted ? 2 : 0) + (row.total > 0 ? row.passed / row.total : 0);
    const current = best.get(row.exerciseId);
    if (!current || score > current.score) {
      best.set(row.exerciseId, { verdict: row.verdict, score });
      entry.bestVerdict = row.verdict;
    }
  }
  for (const [exerciseId, run] of Object.entries(runs)) entryOf(exerciseId).runs = run.runs;
  return byExercise;
}
