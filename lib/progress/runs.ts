import type { Viewer } from "@/lib/auth/viewer";
import type { StoreDeps } from "./store-deps";

// Runs of an exercise's visible tests. A Run is practice, not a verdict: its code is not kept, only
// that (and how often, and when) the learner ran the exercise, which is what makes it "attempted"
// before any Submit. One row per learner and exercise: a flood of Runs updates a counter.

export interface ExerciseRunSummary {
  runs: number;
  firstRunAt: Date;
  lastRunAt: Date;
}

/** Counts one Run of `exerciseId`; the first creates the row (an upsert, safe under races). */
export async function recordExerciseRun(
  deps: StoreDeps,
  viewer: Viewer,
  exerciseId: string,
): Promise<ExerciseRunSummary> {
  const now = deps.clock.now();
  return deps.db.exerciseRun.upsert({
    where: { userId_exerciseId: { userId: viewer.userId, exerciseId } },
    create: { userId: viewer.userId, exerciseId, runs: 1, firstRunAt: now, lastRunAt: now },
    update: { runs: { increment: 1 }, lastRunAt: now },
    select: { runs: true, firstRunAt: true, lastRunAt: true },
  });
}

/** Runs per exercise, for the exercises given (or all the viewer has run). */
export async function exerciseRuns(
  deps: StoreDeps,
  viewer: Viewer,
  exerciseIds?: readonly string[],
): Promise<Record<string, ExerciseRunSummary>> {
  const rows = await deps.db.exerciseRun.findMany({
    where: {
      userId: viewer.userId,
      ...(exerciseIds ? { exerciseId: { in: [...exerciseIds] } } : {}),
    },
    select: { exerciseId: true, runs: true, firstRunAt: true, lastRunAt: true },
  });
  return Object.fromEntries(rows.map(({ exerciseId, ...run }) => [exerciseId, run]));
}
