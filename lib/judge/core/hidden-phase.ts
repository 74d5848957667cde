import { verdictOf, type Outcome } from "./outcomes";
import { drainLeftovers } from "./run-test";
import { loadSuites } from "./load-modules";
import { planEntries, readPlan, samePlan, type PlanEntry, type PlannedTest } from "./plan";
import { planFailure, type FailureFields } from "./failures";
import { runTests, testResult, type Budget, type Progress } from "./run-tests";
import type { NetClock } from "./net-clock";
import type { Sandbox } from "./sandbox";
import type { JudgeCoreInput, JudgeLimits, SuiteSource } from "./types";

/**
 * The hidden phase (decision 190): loads the hidden suites once the visible tests are done, checks
 * the whole plan, and runs the hidden tests on the same budget.
 */
export async function runHiddenPhase(
  sandbox: Sandbox,
  input: JudgeCoreInput,
  hiddenSuites: readonly (SuiteSource & { js: string })[],
  visiblePlan: readonly PlannedTest[],
  progress: Progress,
  { limits, net, netFactor, budget }: PhaseLimits,
): Promise<{ failure: FailureFields } | { planned: number }> {
  const loadStarted = { steps: sandbox.steps, net: net.now() };
  drainLeftovers(sandbox);
  const failure = loadSuites(sandbox, hiddenSuites, limits, netFactor);
  if (failure) {
    // A visible test's memory bomb can leave no room to load the hidden suites: the hidden tests
    // are then not run, as every test after a bomb is not.
    if (!progress.verdicts.includes("memory_limit_exceeded") || progress.pending.length === 0)
      return { failure };
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
  const plan = readPlan(sandbox.callInternalForString("testInfos"), input.expectedPlan);
  if (!plan.ok) return { failure: planFailure(plan.reason) };
  if (!samePlan(plan.plan.slice(0, visiblePlan.length), visiblePlan))
    return { failure: planFailure("the tests that loaded are not the exercise's tests") };
  progress.pending.splice(0, progress.pending.length, ...plan.plan.slice(progress.tests.length));
  if (input.expectedPlan === undefined) input.onPlan?.(planEntries(plan.plan));
  // Loading the hidden suites is not the tests' work, as loading the visible ones was not.
  budget.stepEnd += sandbox.steps - loadStarted.steps;
  budget.netEnd += net.now() - loadStarted.net;
  await runTests(sandbox, input, limits, net, progress, budget, plan.plan.length);
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
