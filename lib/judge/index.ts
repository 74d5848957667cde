// Server entry of the judge. Imports Node modules (worker_threads, fs): never import this file from
// a client component; the browser uses `@/lib/judge/core` (see README.md).
export * from "./results";
export type { JudgeCoreInput, JudgeLimits, SuiteSource } from "./core/types";
export { DEFAULT_LIMITS } from "./core/types";
export {
  judgeJob,
  judgeSubmission,
  warmupJob,
  warmupJobs,
  type JudgeRequest,
} from "./judge-submission";
export { UnknownExerciseError } from "@/lib/content/exercises";
export { JudgePool, type JudgePoolOptions } from "./node/pool";
export { getJudgePool, shutdownJudgePool } from "./node/pool-instance";
export { proveExercise, type ExerciseProof } from "./prove-exercise";
