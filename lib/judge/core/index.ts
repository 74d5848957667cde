// The environment-agnostic judge core: no Node APIs, no env, no wall clock beyond performance.now()
// for deadlines. Safe to import from a browser Web Worker (Run) as well as the server's workers.
export { judgeInSandbox } from "./judge-in-sandbox";
export { PreparedSandboxes } from "./prepared-sandboxes";
export {
  judgeWithReferenceAnswers,
  ReferenceAnswerCache,
  referenceAnswersKey,
} from "./reference-answers";
export {
  createSandboxMemory,
  SANDBOX_INITIAL_BYTES,
  SANDBOX_MAX_BYTES,
  SANDBOX_RETIRE_BYTES,
} from "./memory";
export {
  DEFAULT_LIMITS,
  type JudgeCoreInput,
  type JudgeLimits,
  type ReferenceAnswers,
  type SuiteSource,
} from "./types";
export { transpileTypeScript, type TranspileResult } from "./transpile";
export * from "../results";
