import { verdictOf, type Outcome } from "./outcomes";
import { drainLeftovers } from "./run-test";
import { loadSuites } from "./load-modules";
import { planEntries, readPlan, samePlan, type PlanEntry, type PlannedTest } from "./plan";
import { planFailure, suiteLoadFailure, type FailureFields } from "./failures";
import { runTests, testResult, type Budget, type Progress } from "./run-tests";
import { withHiddenInstance, type HiddenInstance } from "./isolated-hidden-phase";
import type { NetClock } from "./net-clock";
import type { Sandbox } from "./sandbox";
import type { JudgeCoreInput, JudgeLimits, SuiteSource } from "./types";

export type PhaseResult = { failure: FailureFields } | { planned: number };

const OUT_OF_MEMORY: Outcome = {
  status: "error",
  kind: "memory",
  message: "InternalError: out of memory",
};

/**
 * The hidden phase (decision 190): loads the hidden suites once the visible tests are done, checks
 * the whole plan, and runs the hidden tests on the same budget. With `instance`, the hidden suites
 * and the reference load in a second WebAssembly instance and the learner's module stays in the
 * first (decision 265); everything else is the same.
 */
export async function runHiddenPhase(
  learner: Sandbox,
  input: JudgeCoreInput,
  hiddenSuites: readonly (SuiteSource & { js: string })[],
  visiblePlan: readonly PlannedTest[],
  progress: Progress,
  phase: PhaseLimits,
  instance?: HiddenInstance,
): Promise<PhaseResult> {
  const loadStarted = { steps: learner.steps, net: phase.net.now() };
  drainLeftovers(learner);
  const run = (hidden: Sandbox) =>
    loadAndRun(hidden, learner, input, hiddenSuites, visiblePlan, progress, phase, loadStarted);
  if (instance === undefined) return run(learner);
  // After a visible test's memory bomb L may have no room for the relay, as one instance may have
  // none for the hidden suites: reported as loadAndRun reports that.
  const noRoom = progress.verdicts.includes("memory_limit_exceeded")
    ? (): PhaseResult =>
        afterMemoryBomb(progress)
          ? notRunAfterMemory(input, progress, phase.limits)
          : { failure: suiteLoadFailure(OUT_OF_MEMORY, hiddenSuites[0]?.file ?? "", phase.limits) }
    : undefined;
  return withHiddenInstance(learner, instance, input, phase.limits, phase.net, run, noRoom);
}

/** A visible test's memory bomb, and hidden tests still to run. */
function afterMemoryBomb(progress: Progress): boolean {
  return progress.verdicts.includes("memory_limit_exceeded") && progress.pending.length > 0;
}

/** Every test still to run reported as not run after the memory bomb. */
function notRunAfterMemory(input: JudgeCoreInput, progress: Progress, limits: JudgeLimits) {
  const planned = progress.tests.length + progress.pending.length;
  for (const info of progress.pending.splice(0)) {
    const outcome: Outcome = { status: "error", kind: "after-memory" };
    const result = testResult(info, outcome, "", limits);
    progress.tests.push(result);
    progress.verdicts.push(verdictOf(outcome));
    input.onTestResult?.(progress.tests.length - 1, result, verdictOf(outcome));
  }
  return { planned };
}

/** Loads the hidden suites into `hidden` (the learner's own sandbox with one instance), then runs them. */
async function loadAndRun(
  hidden: Sandbox,
  learner: Sandbox,
  input: JudgeCoreInput,
  hiddenSuites: readonly (SuiteSource & { js: string })[],
  visiblePlan: readonly PlannedTest[],
  progress: Progress,
  { limits, net, netFactor, budget }: PhaseLimits,
  loadStarted: { steps: number; net: number },
): Promise<PhaseResult> {
  const isolated = hidden !== learner;
  const failure = loadSuites(hidden, hiddenSuites, limits, netFactor);
  if (failure) {
    // A visible test's memory bomb can leave no room to load the hidden suites: the hidden tests
    // are then not run, as every test after a bomb is not.
    if (!afterMemoryBomb(progress)) return { failure };
    return notRunAfterMemory(input, progress, limits);
  }
  // With two instances, each lists the tests it registered: the visible ones, then the hidden.
  const listed = isolated
    ? JSON.stringify(
        [learner, hidden].flatMap(
          (sandbox) => JSON.parse(sandbox.callInternalForString("testInfos") ?? "[]") as unknown[],
        ),
      )
    : hidden.callInternalForString("testInfos");
  const plan = readPlan(listed, input.expectedPlan);
  if (!plan.ok) return { failure: planFailure(plan.reason) };
  if (!samePlan(plan.plan.slice(0, visiblePlan.length), visiblePlan))
    return { failure: planFailure("the tests that loaded are not the exercise's tests") };
  progress.pending.splice(0, progress.pending.length, ...plan.plan.slice(progress.tests.length));
  if (input.expectedPlan === undefined) input.onPlan?.(planEntries(plan.plan));
  // Loading the hidden suites is not the tests' work, as loading the visible ones was not.
  budget.stepEnd += learner.steps - loadStarted.steps;
  budget.netEnd += net.now() - loadStarted.net;
  const tests = isolated ? { learner, offset: visiblePlan.length } : undefined;
  await runTests(hidden, input, limits, net, progress, budget, plan.plan.length, tests);
  return { planned: plan.plan.length };
}

export interface PhaseLimits {
  limits: JudgeLimits;
  net: NetClock;
  netFactor: number;
  budget: Budget;
}

/**
 * The hidden tests a judge expects, before the hidden suites load: a crash before then still
 * reports each of them as not run.
 */
export function expectedHidden(expected: readonly PlanEntry[] | undefined): PlannedTest[] {
  return (expected ?? [])
    .filter((test) => test.hidden)
    .map((test) => ({ ...test, file: "", kind: "test" }));
}
