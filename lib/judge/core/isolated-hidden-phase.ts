import type { QuickJSWASMModule } from "quickjs-emscripten-core";
import { loadSuites } from "./load-modules";
import { planEntries, readPlan, samePlan, type PlannedTest } from "./plan";
import { planFailure, type FailureFields } from "./failures";
import { runTests, type Progress } from "./run-tests";
import type { PhaseLimits } from "./hidden-phase";
import { drainLeftovers } from "./run-test";
import { RelayLink } from "./relay/relay-link";
import { learnerStub } from "./relay/learner-stub";
import { Sandbox } from "./sandbox";
import { DEFAULT_SEED } from "./run-tests";
import type { JudgeCoreInput, SuiteSource } from "./types";

/** What the hidden suites' instance needs beyond the phase's limits. */
export interface HiddenInstance {
  quickjs: QuickJSWASMModule;
  suites: ReadonlySet<string>;
  hiddenSuites: ReadonlySet<string>;
  reference?: string;
  referenceStandIn?: string;
}

/**
 * The hidden phase in a second WebAssembly instance (decision 265). H holds the harness, the hidden
 * suites and the reference; L, where the visible tests ran, keeps the learner's module. H's
 * "./solution" is a stand-in whose every use is relayed through the host to L, as text, so the
 * learner's code never runs where the hidden suite's or the reference's source sits. One budget: H
 * counts its work on L's meter. Results, messages and counterexamples are those of one instance.
 */
export async function runIsolatedHiddenPhase(
  learner: Sandbox,
  instance: HiddenInstance,
  input: JudgeCoreInput,
  hiddenSuites: readonly (SuiteSource & { js: string })[],
  visiblePlan: readonly PlannedTest[],
  progress: Progress,
  { limits, net, netFactor, budget }: PhaseLimits,
): Promise<{ failure: FailureFields } | { planned: number }> {
  const loadStarted = { steps: learner.steps, net: net.now() };
  drainLeftovers(learner);
  const hidden = input.preparedHidden?.take(instance.quickjs) ?? Sandbox.prepare(instance.quickjs);
  let link: RelayLink | undefined;
  try {
    hidden.shareMeterOf(learner);
    hidden.partner = learner;
    link = RelayLink.connect(learner, hidden);
    hidden.configure({
      limits,
      net,
      suites: instance.suites,
      hiddenSuites: instance.hiddenSuites,
      ...(instance.reference === undefined ? {} : { reference: instance.reference }),
      ...(instance.referenceStandIn === undefined
        ? {}
        : { referenceStandIn: instance.referenceStandIn }),
      learnerStub: learnerStub(link.learnerExports()),
    });
    hidden.callInternal("seedRandom", input.seed ?? DEFAULT_SEED).value?.dispose();
    const failure = loadSuites(hidden, hiddenSuites, limits, netFactor);
    if (failure) return { failure };
    const listed = [learner, hidden].map(
      (sandbox) => JSON.parse(sandbox.callInternalForString("testInfos") ?? "[]") as unknown[],
    );
    const plan = readPlan(JSON.stringify(listed.flat()), input.expectedPlan);
    if (!plan.ok) return { failure: planFailure(plan.reason) };
    if (!samePlan(plan.plan.slice(0, visiblePlan.length), visiblePlan))
      return { failure: planFailure("the tests that loaded are not the exercise's tests") };
    progress.pending.splice(0, progress.pending.length, ...plan.plan.slice(progress.tests.length));
    if (input.expectedPlan === undefined) input.onPlan?.(planEntries(plan.plan));
    budget.stepEnd += learner.steps - loadStarted.steps;
    budget.netEnd += net.now() - loadStarted.net;
    await runTests(hidden, input, limits, net, progress, budget, plan.plan.length, {
      learner,
      offset: visiblePlan.length,
    });
    return { planned: plan.plan.length };
  } finally {
    link?.dispose();
    if (!hidden.dispose()) input.onSandboxDamaged?.("trap");
  }
}
