import { DEFAULT_LIMITS } from "../core/types";
import {
  RESULTS_VERSION,
  redactHidden,
  headlineVerdict,
  type ResultsDocument,
  type TestResult,
  type Verdict,
} from "../results";
import { boundResultsDocument } from "../results-bounds";
import type { JudgeJob, PlannedTest } from "./protocol";

export type KillReason = "time" | "memory" | "crash";

export interface KilledJudge {
  job: JudgeJob;
  plan?: PlannedTest[];
  /** Results of the tests that finished, by index. */
  results: TestResult[];
  /** Their verdicts: a kill after a test ran out of memory is a memory verdict. */
  verdicts: Verdict[];
}

const verdicts: Record<KillReason, Verdict> = {
  time: "time_limit_exceeded",
  memory: "memory_limit_exceeded",
  crash: "runtime_error",
};

/**
 * When the pool kills a judge's worker from outside: its whole work budget (module load plus tests)
 * as wall time, plus the pool's grace. Only a built-in call that never reaches the interrupt handler
 * gets this far; everything else is stopped inside the sandbox, deterministically.
 */
export function hardKillAfterMs(job: JudgeJob, graceMs: number): number {
  const limits = { ...DEFAULT_LIMITS, ...job.limits };
  return limits.testTimeMs + limits.totalTimeMs + graceMs;
}

/**
 * The document for a judge whose worker had to be stopped from outside (a slow built-in call that
 * the interrupt handler cannot reach) or died. Tests that finished keep their results; the one that
 * was running takes the blame; the rest are reported as not run.
 */
export function killedDocument(
  { job, plan, results: finished, verdicts: finishedVerdicts }: KilledJudge,
  reason: KillReason,
  wallMs: number,
  cpuMs?: number,
): ResultsDocument {
  const why =
    reason === "time"
      ? timeKillMessage(cpuMs ?? wallMs)
      : reason === "memory"
        ? "stopped: the judge ran out of memory while this test ran. Look for a structure that grows with every request and is never trimmed."
        : "stopped: the judge's worker failed while this test ran. Submit again; if it happens every time, something in this test's calls breaks the engine, so try a simpler version of that code.";
  const tests = (plan ?? []).map((planned, index): TestResult => {
    const done = finished[index];
    if (done) return done;
    const running = index === finished.filter(Boolean).length;
    return redactHidden({
      name: planned.name,
      status: "error",
      hidden: planned.hidden,
      ...(planned.category === undefined ? {} : { category: planned.category }),
      message: running ? why : "not run: an earlier test stopped the judge",
    });
  });
  return boundResultsDocument({
    version: RESULTS_VERSION,
    ...(job.exerciseId === undefined ? {} : { exerciseId: job.exerciseId }),
    ...(job.mode === undefined ? {} : { mode: job.mode }),
    status: plan ? "fail" : "error",
    verdict: headlineVerdict([...finishedVerdicts, verdicts[reason]]),
    message: plan ? why : `${why} (while loading your module)`,
    resources: { wallMs: Math.round(wallMs), ...(cpuMs === undefined ? {} : { cpuMs }) },
    tests,
  });
}

/**
 * Loops and recursion are stopped inside the sandbox, with their own message; only one long call
 * into a built-in gets here, so say which kinds do that. The time is the worker's CPU time when the
 * pool could read it: on a busy machine the wall clock would overstate the learner's work.
 */
function timeKillMessage(workMs: number): string {
  const seconds = (workMs / 1000).toFixed(1);
  return `stopped from outside after ${seconds} s of work: one call into a built-in ran that long without returning, so the judge could not stop it between steps. Calls that do this are a very large string, array or join, a sort of a huge array, a product of enormous BigInts, or an error stack built at every level of a deep recursion: make that call smaller.`;
}
