import type { Counterexample, TestResult, Verdict } from "../results";
import { redactHidden, hiddenErrorDetail } from "../results";
import { differentialKinds, type DifferentialKind } from "./differential";
import { learnerMessage, missingGlobalAdvice, verdictOf, type Outcome } from "./outcomes";
import { drainLeftovers, runDifferentialTest, runRegisteredTest } from "./run-test";
import type { PlannedTest } from "./plan";
import type { NetClock } from "./net-clock";
import { LEARNER_MODULE } from "./module-graph";
import type { Sandbox } from "./sandbox";
import type { SandboxCrash } from "./sandbox-crash";
import {
  STEPS_PER_MS,
  type JudgeCoreInput,
  type JudgeLimits,
  type ReferenceAnswers,
} from "./types";

export const DEFAULT_SEED = 20_240_917;
const DEFAULT_DIFFERENTIAL_RUNS = 60;

export type TestInfo = PlannedTest;

/** What one judge has produced so far, so a crash midway still reports what ran. */
export interface Progress {
  tests: TestResult[];
  verdicts: Verdict[];
  counterexample?: Counterexample;
  output?: string;
  /** Tests not finished yet, the running one first. */
  pending: TestInfo[];
}

/** The whole judge's budget, from the first test on: each test gets what is left, up to its own. */
export interface Budget {
  stepEnd: number;
  netEnd: number;
  netFactor: number;
}

export function startBudget(
  sandbox: Sandbox,
  limits: JudgeLimits,
  net: NetClock,
  netFactor: number,
): Budget {
  return {
    stepEnd: sandbox.steps + limits.totalTimeMs * STEPS_PER_MS,
    netEnd: net.now() + limits.totalTimeMs * netFactor,
    netFactor,
  };
}

/** The hidden tests in their own instance (decision 265): the learner's, and where H's tests start. */
export interface Isolated {
  learner: Sandbox;
  offset: number;
}

/** Runs the planned tests from the next one up to index `end` (exclusive), in order. */
export async function runTests(
  sandbox: Sandbox,
  input: JudgeCoreInput,
  limits: JudgeLimits,
  net: NetClock,
  progress: Progress,
  budget: Budget,
  end: number,
  isolated?: Isolated,
): Promise<void> {
  const seed = input.seed ?? DEFAULT_SEED;
  // With the hidden suites in their own instance, its registry starts at the first hidden test.
  const offset = isolated?.offset ?? 0;
  const learner = isolated?.learner ?? sandbox;
  for (let index = progress.tests.length; index < end; index++) {
    const info = progress.pending[0] as TestInfo;
    const testSeed = (seed + index * 7919) >>> 0;
    let outcome: Outcome;
    let counterexample: Counterexample | undefined;
    let output: string | undefined;
    if (sandbox.steps >= budget.stepEnd || net.reached(budget.netEnd)) {
      outcome = { status: "error", kind: "budget" };
    } else if (progress.verdicts.includes("memory_limit_exceeded")) {
      // A memory bomb goes off in every test that calls it, each one slower than the last as the
      // allocator thrashes: one is enough to know.
      outcome = { status: "error", kind: "after-memory" };
    } else if (progress.verdicts.includes("output_limit_exceeded")) {
      // Printing that floods one test floods them all (it is usually in the constructor), and each
      // costs the time to build the text: one is enough to know.
      outcome = { status: "error", kind: "after-output" };
    } else {
      drainLeftovers(sandbox);
      if (isolated) {
        drainLeftovers(learner);
        // The learner's Math.random as in one instance, where the test's runner seeded it.
        learner.callInternal("seedRandom", testSeed).value?.dispose();
      }
      sandbox.limit(
        Math.min(limits.testTimeMs * STEPS_PER_MS, budget.stepEnd - sandbox.steps),
        limits.testTimeMs * budget.netFactor,
        budget.netEnd,
      );
      const answers = input.referenceAnswers;
      const mode = answers?.mode ?? "";
      const saved = answers?.mode === "replay" ? (answers.tests[index] ?? "") : "";
      if (info.kind === "differential" && isDifferentialKind(info.diffKind)) {
        if (answers) sandbox.callInternal("setAnswers", mode, saved).value?.dispose();
        const diffTest = { name: info.name, diffKind: info.diffKind };
        const runs = input.differentialRuns ?? DEFAULT_DIFFERENTIAL_RUNS;
        ({ outcome, counterexample } = await runDifferentialTest(
          sandbox,
          index - offset,
          diffTest,
          testSeed,
          runs,
        ));
        if (answers?.mode === "record")
          record(answers, index, sandbox.callInternalForString("takeAnswers"));
      } else {
        const ran = runRegisteredTest(sandbox, index - offset, testSeed, { mode, json: saved });
        ({ outcome, output } = ran);
        if (answers?.mode === "record") record(answers, index, ran.answers);
      }
      if (outcome.kind === "time" && isHeapNearlyFull(learner, limits))
        outcome = { ...outcome, kind: "memory" };
    }
    if (output === undefined) {
      // A test the harness did not finish (a differential test, one stopped for time) still says
      // whether it printed past the limit.
      const report = takeOutputReport(sandbox);
      output = report.text;
      if (report.over !== "") {
        outcome = { status: "error", kind: "output", message: report.over };
        counterexample = undefined;
      }
    }
    if (isolated) {
      // What the learner's code printed went to its own instance's console.
      const report = takeOutputReport(learner);
      if (report.over !== "") {
        outcome = { status: "error", kind: "output", message: report.over };
        counterexample = undefined;
      }
    }
    const result = testResult(info, outcome, output, limits);
    progress.pending.shift();
    progress.tests.push(result);
    const verdict = verdictOf(outcome);
    progress.verdicts.push(verdict);
    // The learner sees one counterexample: that of the first hidden test that failed (decision 123).
    counterexample ??= info.hidden ? hiddenFailure(info, outcome, limits) : undefined;
    if (counterexample && !progress.counterexample) progress.counterexample = counterexample;
    input.onTestResult?.(index, result, verdict);
  }
}

export function testResult(
  info: TestInfo,
  outcome: Outcome,
  output: string,
  limits: JudgeLimits,
): TestResult {
  const written =
    outcome.status === "pass" ? undefined : learnerMessage(outcome, limits, LEARNER_MODULE);
  const message = written === undefined || !info.hidden ? written : hiddenMessage(outcome, written);
  const full: TestResult = {
    name: info.name,
    status: outcome.status,
    hidden: info.hidden,
    ...(info.category === undefined ? {} : { category: info.category }),
    ...(message === undefined ? {} : { message }),
    ...(outcome.trace ? { trace: outcome.trace } : {}),
    ...(output ? { output } : {}),
  };
  return redactHidden(full);
}

/**
 * A fixed hidden test that failed, told as a counterexample: its first divergence and the trace that
 * led there (or its assertion), named, since its own entry in the document carries no message.
 */
function hiddenFailure(
  info: TestInfo,
  outcome: Outcome,
  limits: JudgeLimits,
): Counterexample | undefined {
  if (outcome.status !== "fail" || outcome.message === undefined) return undefined;
  const category = info.category === undefined ? "" : ` (${info.category})`;
  const message = `The hidden test "${info.name}"${category} failed here.\n\n${learnerMessage(outcome, limits, LEARNER_MODULE)}`;
  const setup = /The trace that led there \((.*)\):/.exec(outcome.message)?.[1] ?? "";
  return {
    test: info.name,
    setup,
    message,
    trace: outcome.trace ?? { requests: [], firstDivergence: null },
  };
}

/**
 * A hidden test keeps a message only when it errored: what the judge itself wrote (time, memory,
 * the wall clock) in full; for an error the learner's code threw, its kind, where, and the advice.
 */
function hiddenMessage(outcome: Outcome, message: string): string | undefined {
  if (outcome.status !== "error") return undefined;
  if (outcome.kind !== "runtime") return message;
  const detail = hiddenErrorDetail(message);
  const advice = missingGlobalAdvice(message);
  return advice === undefined ? detail : `${detail}\n\n${advice}`;
}

/**
 * A test stopped for time with its heap nearly full was thrashing the allocator (each allocation a
 * garbage collection), not looping: that is a memory bomb, and the learner should be told so.
 */
function isHeapNearlyFull(sandbox: Sandbox, limits: JudgeLimits): boolean {
  return (sandbox.memoryUsedBytes() ?? 0) > 0.75 * limits.memoryBytes;
}

function takeOutputReport(sandbox: Sandbox): { text: string; over: string } {
  try {
    const report = JSON.parse(sandbox.callInternalForString("takeOutputReport") ?? "{}") as {
      text?: unknown;
      over?: unknown;
    };
    return {
      text: typeof report.text === "string" ? report.text : "",
      over: typeof report.over === "string" ? report.over : "",
    };
  } catch {
    return { text: "", over: "" };
  }
}

/** The running test gets the crash; the ones after it were not run. */
export function recordCrash(progress: Progress, crash: SandboxCrash, limits: JudgeLimits): void {
  const kind = crash.reason === "host-stack" ? "stack" : "crash";
  const crashed: Outcome = { status: "error", kind, message: crash.message };
  const notRun: Outcome = { status: "error", kind: "crash", message: "not run" };
  progress.pending.forEach((info, i) => {
    progress.tests.push(testResult(info, i === 0 ? crashed : notRun, "", limits));
  });
  if (progress.pending.length === 0) {
    const message = learnerMessage(crashed, limits, LEARNER_MODULE);
    progress.tests.push({ name: "loading the tests", status: "error", hidden: false, message });
  }
  progress.verdicts.push("runtime_error");
}

/** Keeps a test's recorded reference answers, if it recorded any. */
function record(answers: ReferenceAnswers, index: number, recorded: string | undefined): void {
  if (recorded && recorded !== "{}") answers.tests[index] = recorded;
}

function isDifferentialKind(kind: string | undefined): kind is DifferentialKind {
  return (differentialKinds as readonly string[]).includes(kind ?? "");
}
