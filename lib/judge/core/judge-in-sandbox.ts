import { RESULTS_VERSION, headlineVerdict, type ResultsDocument } from "../results";
import { boundResultsDocument } from "../results-bounds";
import { planEntries, readPlan, readVisiblePlan } from "./plan";
import { referenceStandIn } from "./reference-stand-in";
import { NetClock } from "./net-clock";
import { LEARNER_MODULE } from "./module-graph";
import { Sandbox } from "./sandbox";
import { SandboxCrash } from "./sandbox-crash";
import { transpileTypeScript } from "./transpile";
import {
  compileFailure,
  learnerLoadFailure,
  planFailure,
  summaryOf,
  transpileSuite,
} from "./failures";
import { limitOneTest, loadModule, loadSuites, takeOutput } from "./load-modules";
import { expectedHidden, runHiddenPhase } from "./hidden-phase";
import { DEFAULT_SEED, recordCrash, runTests, startBudget, type Progress } from "./run-tests";
import {
  DEFAULT_LIMITS,
  CPU_NET_FACTOR,
  CPU_CLOCK_RESOLUTION_MS,
  WALL_FACTOR,
  type JudgeCoreInput,
  type JudgeLimits,
} from "./types";

/**
 * Judges a learner's TypeScript against test suites inside a fresh QuickJS runtime of the given
 * module. Environment-agnostic: the server's worker threads and the browser's Web Worker both call it.
 * Never throws for anything the learner wrote; throws only for a broken suite or harness.
 */
export async function judgeInSandbox(input: JudgeCoreInput): Promise<ResultsDocument> {
  const now = input.now ?? (() => performance.now());
  // The safety net's clock: the thread's CPU time where the host can read it (see types.ts).
  const net = input.cpuNow
    ? new NetClock(input.cpuNow, now, input.cpuResolutionMs ?? CPU_CLOCK_RESOLUTION_MS)
    : NetClock.wallOnly(now);
  const netFactor = input.cpuNow ? CPU_NET_FACTOR : WALL_FACTOR;
  const limits: JudgeLimits = { ...DEFAULT_LIMITS, ...input.limits };
  const started = now();
  const cpuStarted = input.cpuNow?.();
  let steps: number | undefined;
  const document = (fields: Omit<ResultsDocument, "version" | "resources">, memoryBytes?: number) =>
    boundResultsDocument({
      version: RESULTS_VERSION,
      ...(input.exerciseId === undefined ? {} : { exerciseId: input.exerciseId }),
      ...(input.mode === undefined ? {} : { mode: input.mode }),
      ...fields,
      resources: {
        wallMs: Math.round((now() - started) * 100) / 100,
        ...(memoryBytes === undefined ? {} : { memoryBytes }),
        ...(steps === undefined ? {} : { steps }),
        ...(cpuStarted === undefined ? {} : { cpuMs: (input.cpuNow?.() ?? 0) - cpuStarted }),
      },
    } satisfies ResultsDocument);

  const learner = transpileTypeScript(input.code);
  if (!learner.ok) return document(compileFailure(learner.errors));
  const suites = input.suites.map((suite) => ({
    ...suite,
    js: transpileSuite(suite.source, suite.file),
  }));
  const reference =
    input.reference === undefined ? undefined : transpileSuite(input.reference, "reference");

  const hiddenSuites = suites.filter((s) => s.hidden);
  const standIn = reference === undefined ? undefined : referenceStandIn(reference);
  const progress: Progress = { tests: [], verdicts: [], pending: [] };
  let memoryBytes: number | undefined;
  let crashed = false;
  let planned = 0;
  let sandbox: Sandbox | undefined;
  try {
    // One made while the host was idle if there is one (decision 202); else made now.
    sandbox = input.prepared?.take(input.quickjs) ?? Sandbox.prepare(input.quickjs);
    const graph = {
      quickjs: input.hiddenQuickjs ?? input.quickjs,
      suites: new Set(suites.map((s) => s.file)),
      hiddenSuites: new Set(hiddenSuites.map((s) => s.file)),
      ...(reference === undefined ? {} : { reference }),
      ...(standIn === undefined ? {} : { referenceStandIn: standIn }),
    };
    // Decision 265: with a second instance, the reference is never loadable in the learner's.
    const isolated = input.hiddenQuickjs !== undefined && hiddenSuites.length > 0;
    // Decision 460: with one instance, what the hidden suites and the reference leave of their text
    // when evaluated is blanked before the learner's code runs again.
    const secrets = [
      ...hiddenSuites.map((s) => s.js),
      ...(reference === undefined ? [] : [reference]),
    ];
    sandbox.configure({
      limits,
      net,
      suites: graph.suites,
      hiddenSuites: graph.hiddenSuites,
      ...(isolated || reference === undefined ? {} : { reference }),
      ...(isolated || standIn === undefined ? {} : { referenceStandIn: standIn }),
      ...(isolated || input.scrubber === undefined || hiddenSuites.length === 0
        ? {}
        : { scrub: { scrubber: input.scrubber, secrets } }),
    });
    sandbox.callInternal("seedRandom", input.seed ?? DEFAULT_SEED).value?.dispose();

    // The learner's module first, alone, so its errors are reported as its own.
    limitOneTest(sandbox, limits, netFactor);
    const loadFailure = loadModule(sandbox, learner.code, LEARNER_MODULE);
    const loadOutput = takeOutput(sandbox);
    if (loadOutput) progress.output = loadOutput;
    if (loadFailure) return document(learnerLoadFailure(loadFailure, limits, progress.output));

    // Decision 190: the visible tests run before the hidden suites (and the reference) are loaded,
    // so learner code whose output and messages the learner reads never shares the heap with them.
    const visibleSuites = suites.filter((s) => !s.hidden);
    const visibleFailure = loadSuites(sandbox, visibleSuites, limits, netFactor);
    if (visibleFailure) return document(visibleFailure);
    const listed = sandbox.callInternalForString("testInfos");
    const visible =
      hiddenSuites.length === 0
        ? readPlan(listed, input.expectedPlan)
        : readVisiblePlan(listed, input.expectedPlan);
    if (!visible.ok) return document(planFailure(visible.reason));
    progress.pending.push(...visible.plan, ...expectedHidden(input.expectedPlan));
    planned = progress.pending.length;
    input.onPlan?.(input.expectedPlan ?? planEntries(visible.plan));

    const budget = startBudget(sandbox, limits, net, netFactor);
    await runTests(sandbox, input, limits, net, progress, budget, visible.plan.length);
    if (hiddenSuites.length > 0) {
      const hidden = await runHiddenPhase(
        sandbox,
        input,
        hiddenSuites,
        visible.plan,
        progress,
        { limits, net, netFactor, budget },
        isolated ? graph : undefined,
      );
      if ("failure" in hidden) return document(hidden.failure);
      planned = hidden.planned;
    }
    memoryBytes = sandbox.memoryUsedBytes();
    steps = Math.ceil(sandbox.steps);
  } catch (error) {
    if (!(error instanceof SandboxCrash)) throw error;
    crashed = true;
    input.onSandboxDamaged?.(error.reason);
    recordCrash(progress, error, limits);
  } finally {
    if (sandbox && !sandbox.dispose() && !crashed) input.onSandboxDamaged?.("trap");
  }

  // Belt and braces: one result per planned test, or the judge did not run them all.
  if (!crashed && progress.tests.length !== planned)
    return document(planFailure("results are missing"));
  const verdict = headlineVerdict(progress.verdicts);
  return document(
    {
      status: verdict === "accepted" ? "pass" : "fail",
      verdict,
      ...(verdict === "time_limit_exceeded" ||
      verdict === "memory_limit_exceeded" ||
      verdict === "output_limit_exceeded"
        ? { message: summaryOf(verdict, limits) }
        : {}),
      tests: progress.tests,
      ...(progress.counterexample ? { counterexample: progress.counterexample } : {}),
      ...(progress.output ? { output: progress.output } : {}),
    },
    memoryBytes,
  );
}
