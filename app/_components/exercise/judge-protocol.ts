import type { JudgeLimits } from "@/lib/judge/core/types";
import type { ResultsDocument, TestResult } from "@/lib/judge/results";

// Messages between the exercise page and its judge Web Worker. Only the visible tests' source
// crosses this boundary: the hidden suite and the reference solution never reach the browser.

export interface ToJudgeWorker {
  type: "judge";
  id: number;
  exerciseId: string;
  code: string;
  /** Source of the exercise's visible `tests.ts`. */
  visibleTests: string;
  /** The exercise's limits (README frontmatter), the same the server applies. */
  limits?: Partial<JudgeLimits>;
}

/** The idle page asks for a warm-up judge; a worker started by a Run is not asked (judge.worker.ts). */
export interface WarmJudgeWorker {
  type: "warm";
  /**
   * The exercise's own starter and visible tests: judged once, unseen, so the first Run finds every
   * path it takes (the transpiler, the harness, the trace of a failed test) already compiled.
   * Without it the worker judges a one-line program.
   */
  job?: WarmUpJob;
}

export type WarmUpJob = Pick<ToJudgeWorker, "exerciseId" | "code" | "visibleTests" | "limits">;

export type WorkerMessage =
  | { type: "ready"; loadMs: number }
  | { type: "load-failed"; message: string }
  | { type: "progress"; id: number; index: number; result: TestResult }
  | {
      type: "results";
      id: number;
      results: ResultsDocument;
      /** The WebAssembly module itself failed (host stack overflow, trap): replace the worker. */
      damaged?: boolean;
    }
  | { type: "failed"; id: number; message: string };
