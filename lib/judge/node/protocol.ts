import type { ResultsDocument, TestResult, Verdict } from "../results";
import type { JudgeLimits, SuiteSource } from "../core/types";

/** Everything a worker needs to judge one submission; plain data, structured-cloned to the worker. */
export interface JudgeJob {
  code: string;
  suites: SuiteSource[];
  reference?: string;
  exerciseId?: string;
  mode?: "run" | "submit";
  limits?: Partial<JudgeLimits>;
  seed?: number;
  differentialRuns?: number;
}

export interface PlannedTest {
  name: string;
  hidden: boolean;
  category?: string;
}

/** `ahead`: sent while the worker is judging another; it starts it only if it claims it (job-claim.ts). */
export type ToWorker = { type: "judge"; id: number; job: JudgeJob; ahead?: boolean };

export type FromWorker =
  | { type: "ready"; warmupMs: number; tid?: number }
  | { type: "plan"; id: number; tests: PlannedTest[] }
  | { type: "test"; id: number; index: number; result: TestResult; verdict: Verdict }
  | {
      type: "done";
      id: number;
      document: ResultsDocument;
      /** Size of the module's linear memory after the judge (it never shrinks). */
      wasmBytes: number;
      /** The worker's own JavaScript heap in use. */
      heapBytes: number;
      /** The module failed in a way that leaves its memory untrustworthy. */
      damaged: boolean;
    }
  | { type: "failed"; id: number; message: string };

export interface WorkerData {
  root: string;
  /** Shared with the pool: the running judge's progress (progress-journal.ts). */
  journal: SharedArrayBuffer;
  /** Shared with the pool: who gets the job sent ahead (job-claim.ts). */
  claim: SharedArrayBuffer;
  /** Judges run at start-up so the first real one finds the module warm and its answers recorded. */
  warmup?: JudgeJob[];
  /** The hidden suites and the reference judged in a second module of their own (decision 310). */
  hiddenInstance?: boolean;
}
