import {
  listExercises,
  loadExerciseForJudge,
  type ExerciseForJudge,
  type ExerciseLoadOptions,
} from "@/lib/content/exercises";
import type { SuiteSource } from "./core/types";
import { judgeLimitsOf } from "./exercise-limits";
import type { JudgePool } from "./node/pool";
import { getJudgePool } from "./node/pool-instance";
import type { JudgeJob } from "./node/protocol";
import type { ResultsDocument } from "./results";

export interface JudgeRequest {
  exerciseId: string;
  code: string;
  /** "run": visible tests only; "submit": visible, hidden and differential tests. */
  mode: "run" | "submit";
}

export interface JudgeSubmissionOptions extends ExerciseLoadOptions {
  /** Defaults to the process's shared pool. */
  pool?: JudgePool;
}

/** Judges a submission on the server, exactly as Submit does. */
export async function judgeSubmission(
  request: JudgeRequest,
  options: JudgeSubmissionOptions = {},
): Promise<ResultsDocument> {
  // Throws UnknownExerciseError for an id that names no exercise.
  const exercise = loadExerciseForJudge(request.exerciseId, options);
  const pool = options.pool ?? getJudgePool(() => ({ warmup: warmupJobs() }));
  return pool.judge(judgeJob(exercise, request.code, request.mode));
}

/** The job for a submission: Submit adds the hidden suite and the reference (server only). */
export function judgeJob(
  exercise: ExerciseForJudge,
  code: string,
  mode: "run" | "submit",
): JudgeJob {
  const suites: SuiteSource[] = [
    { file: "tests.ts", source: exercise.visibleTests, hidden: false },
  ];
  if (mode === "submit") {
    suites.push({ file: "tests.hidden.ts", source: exercise.hiddenTests, hidden: true });
  }
  return {
    code,
    suites,
    ...(mode === "submit" ? { reference: exercise.solution } : {}),
    exerciseId: exercise.id,
    mode,
    limits: judgeLimitsOf(exercise.limits),
  };
}

/** A reference judge: what each worker runs at start-up to warm its module. */
export function warmupJob(exercise: ExerciseForJudge): JudgeJob {
  return judgeJob(exercise, exercise.solution, "submit");
}

/** Every exercise's reference judge, for workers to run at start-up (about 20 ms each). */
export function warmupJobs(options: ExerciseLoadOptions = {}): JudgeJob[] {
  return listExercises(options).map((ref) => warmupJob(loadExerciseForJudge(ref.id, options)));
}
