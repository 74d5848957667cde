import type { QuickJSHandle } from "quickjs-emscripten-core";
import { runDifferential, type DiffRunResult, type DifferentialKind } from "./differential";
import { harnessOutcomeSchema, type Outcome } from "./outcomes";
import type { Sandbox } from "./sandbox";
import type { Counterexample } from "../results";

export type Settled =
  | { state: "fulfilled"; value: QuickJSHandle }
  | { state: "rejected"; error: QuickJSHandle }
  | { state: "time" }
  | { state: "never-settles" }
  | { state: "job-error"; error: QuickJSHandle };

/**
 * The sandbox's event loop: run every pending job, and when none is left but the promise is still
 * pending, let the simulated shared store complete one operation (a "turn"). No job and no store
 * operation while pending means nothing can ever settle it.
 */
export function settle(sandbox: Sandbox, promise: QuickJSHandle): Settled {
  const ctx = sandbox.context;
  for (;;) {
    const jobError = sandbox.runJobs();
    if (jobError)
      return sandbox.expired() ? dropped(jobError) : { state: "job-error", error: jobError };
    // The learner's instance runs its jobs too: its promises settle the ones it handed over.
    const partnerError = sandbox.partner?.runJobs();
    if (partnerError) {
      partnerError.dispose();
      return { state: "time" };
    }
    if (sandbox.expired()) return { state: "time" };
    const state = ctx.getPromiseState(promise);
    if (state.type === "fulfilled") return { state: "fulfilled", value: state.value };
    if (state.type === "rejected") return { state: "rejected", error: state.error };
    // runJobs() returned before the limit, so it ran this sandbox's queue empty; the partner's
    // jobs, though, can queue more here through the relay.
    if (sandbox.partner && (sandbox.hasPendingJob() || sandbox.partner.hasPendingJob())) continue;
    const { value, error } = sandbox.callInternal("tick");
    if (error) return sandbox.expired() ? dropped(error) : { state: "job-error", error };
    const ticked = value !== undefined && ctx.eq(value, ctx.true);
    value?.dispose();
    if (!ticked) return { state: "never-settles" };
  }
}

function dropped(handle: QuickJSHandle): Settled {
  handle.dispose();
  return { state: "time" };
}

/** Classifies an error that escaped the harness (interrupts, out of memory) using the harness itself. */
export function classifyError(sandbox: Sandbox, error: QuickJSHandle): Outcome {
  // The limit may be used up; give the classification its own small one.
  sandbox.limit(100, 100);
  const text = sandbox.callInternalForString("loadError", error);
  error.dispose();
  if (text === undefined) return { status: "error", kind: "memory", message: "out of memory" };
  return parseOutcome(text);
}

function parseOutcome(text: string): Outcome {
  const parsed = harnessOutcomeSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    return {
      status: "error",
      kind: "runtime",
      message: "the judge could not read this test's result",
    };
  }
  return parsed.data;
}

/** A test's outcome, with its console output and recorded answers when it finished normally. */
export interface RegisteredTestResult {
  outcome: Outcome;
  /** Undefined when the test did not finish: the caller collects what it printed. */
  output?: string;
  /** The reference's answers recorded during the test ("record" mode only). */
  answers?: string;
}

/** Runs one registered test to completion, timeout, or failure. */
export function runRegisteredTest(
  sandbox: Sandbox,
  index: number,
  seed: number,
  answers: { mode: "" | "record" | "replay"; json: string },
): RegisteredTestResult {
  const { value, error } = sandbox.callInternal("runTest", index, seed, answers.mode, answers.json);
  if (error) return { outcome: sandbox.expired() ? timeUp(error) : classifyError(sandbox, error) };
  if (!value) {
    return { outcome: { status: "error", kind: "runtime", message: "the test did not start" } };
  }
  try {
    const settled = settle(sandbox, value);
    switch (settled.state) {
      case "fulfilled": {
        const text =
          sandbox.context.typeof(settled.value) === "string"
            ? sandbox.context.getString(settled.value)
            : "";
        settled.value.dispose();
        return parseFinishedTest(text);
      }
      case "rejected":
      case "job-error":
        return { outcome: classifyError(sandbox, settled.error) };
      case "time":
        return { outcome: { status: "error", kind: "time" } };
      case "never-settles":
        return { outcome: { status: "error", kind: "never-settles" } };
    }
  } finally {
    value.dispose();
  }
}

function parseFinishedTest(text: string): RegisteredTestResult {
  let fields: Record<string, unknown> = {};
  try {
    fields = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // parseOutcome below reports it.
  }
  const { output, answers } = fields;
  return {
    outcome: parseOutcome(text),
    ...(typeof output === "string" ? { output } : {}),
    ...(typeof answers === "string" ? { answers } : {}),
  };
}

function timeUp(handle: QuickJSHandle): Outcome {
  handle.dispose();
  return { status: "error", kind: "time" };
}

/**
 * Lets jobs left over by a test that was stopped run out (or be interrupted) before the next test
 * starts, so one test's endless promise chain cannot eat the next test's time.
 */
export function drainLeftovers(sandbox: Sandbox): void {
  // Nothing left over (the usual case): no limit to set, and no read of the CPU clock.
  if (!sandbox.hasPendingJob()) return;
  sandbox.limit(50, 50);
  for (let i = 0; i < 100 && sandbox.hasPendingJob(); i++) sandbox.runJobs()?.dispose();
}

export interface DifferentialTestResult {
  outcome: Outcome;
  counterexample?: Counterexample;
}

/** Runs a differential test: fast-check on the host, both limiters in the sandbox. */
export async function runDifferentialTest(
  sandbox: Sandbox,
  index: number,
  test: { name: string; diffKind: DifferentialKind },
  seed: number,
  numRuns: number,
): Promise<DifferentialTestResult> {
  const evaluate = (input: unknown): DiffRunResult | undefined => {
    if (sandbox.expired()) return undefined;
    const text = sandbox.callInternalForString("diffRun", index, JSON.stringify(input));
    if (text === undefined) return sandbox.expired() ? undefined : { failure: null, setup: "" };
    return JSON.parse(text) as DiffRunResult;
  };
  const batch = (inputsJson: string): number | undefined => {
    const value = sandbox.callInternalForValue("diffBatch", index, inputsJson);
    if (typeof value === "number") return value;
    return sandbox.expired() ? undefined : -1;
  };
  const result = await runDifferential(test.diffKind, seed, numRuns, batch, evaluate);
  if (result.outcome === "time") return { outcome: { status: "error", kind: "time" } };
  if (result.outcome === "pass") return { outcome: { status: "pass" } };
  const { failure, setup } = result.result;
  const message = `The hidden test "${test.name}" found a random trace on which your limiter and the reference disagree.\n\n${failure.message}`;
  return {
    outcome: { status: "fail", kind: failure.threw ? "runtime" : "wrong", message },
    counterexample: {
      test: test.name,
      setup,
      message,
      trace: failure.trace ?? { requests: [], firstDivergence: null },
      seed,
      numRuns: result.numRuns,
      shrinks: result.shrinks,
    },
  };
}
