import {
  RESULTS_VERSION,
  headlineVerdict,
  hiddenErrorDetail,
  redactHidden,
  type Counterexample,
  type ResultsDocument,
  type TestResult,
  type Verdict,
} from "../results";
import { boundResultsDocument } from "../results-bounds";
import { differentialKinds, type DifferentialKind } from "./differential";
import { learnerMessage, missingGlobalAdvice, verdictOf, type Outcome } from "./outcomes";
import {
  classifyError,
  drainLeftovers,
  runDifferentialTest,
  runRegisteredTest,
  settle,
} from "./run-test";
import {
  planEntries,
  readPlan,
  readVisiblePlan,
  samePlan,
  type PlanEntry,
  type PlannedTest,
} from "./plan";
import { referenceStandIn } from "./reference-stand-in";
import { NetClock } from "./net-clock";
import { LEARNER_MODULE, Sandbox, SandboxCrash } from "./sandbox";
import { transpileTypeScript } from "./transpile";
import {
  compileFailure,
  learnerLoadFailure,
  planFailure,
  suiteLoadFailure,
  summaryOf,
  transpileSuite,
  type FailureFields,
} from "./failures";
import {
  DEFAULT_LIMITS,
  STEPS_PER_MS,
  CPU_NET_FACTOR,
  CPU_CLOCK_RESOLUTION_MS,
  WALL_FACTOR,
  type JudgeCoreInput,
  type JudgeLimits,
  type ReferenceAnswers,
  type SuiteSource,
} from "./types";

const DEFAULT_SEED = 20_240_917;
const DEFAULT_DIFFERENTIAL_RUNS = 60;

type TestInfo = PlannedTest;

/** What one judge has produced so far, so a crash midway still reports what ran. */
interface Progress {
  tests: TestResult[];
  verdicts: Verdict[];
  counterexample?: Counterexample;
  output?: string;
  /** Tests not finished yet, the running one first. */
  pending: TestInfo[];
}

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
    sandbox.configure({
      limits,
      net,
      suites: new Set(suites.map((s) => s.file)),
      hiddenSuites: new Set(hiddenSuites.map((s) => s.file)),
      ...(reference === undefined ? {} : { reference }),
      ...(standIn === undefined ? {} : { referenceStandIn: standIn }),
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
      const hidden = await runHiddenPhase(sandbox, input, hiddenSuites, visible.plan, progress, {
        limits,
        net,
        netFactor,
        budget,
      });
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

/**
 * The hidden phase (decision 190): loads the hidden suites once the visible tests are done, checks
 * the whole plan, and runs the hidden tests on the same budget.
 */
async function runHiddenPhase(
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

interface PhaseLimits {
  limits: JudgeLimits;
  net: NetClock;
  netFactor: number;
  budget: Budget;
}

/** The whole judge's budget, from the first test on: each test gets what is left, up to its own. */
interface Budget {
  stepEnd: number;
  netEnd: number;
  netFactor: number;
}

function startBudget(
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

/** Runs the planned tests from the next one up to index `end` (exclusive), in order. */
async function runTests(
  sandbox: Sandbox,
  input: JudgeCoreInput,
  limits: JudgeLimits,
  net: NetClock,
  progress: Progress,
  budget: Budget,
  end: number,
): Promise<void> {
  const seed = input.seed ?? DEFAULT_SEED;
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
          index,
          diffTest,
          testSeed,
          runs,
        ));
        if (answers?.mode === "record")
          record(answers, index, sandbox.callInternalForString("takeAnswers"));
      } else {
        const ran = runRegisteredTest(sandbox, index, testSeed, { mode, json: saved });
        ({ outcome, output } = ran);
        if (answers?.mode === "record") record(answers, index, ran.answers);
      }
      if (outcome.kind === "time" && isHeapNearlyFull(sandbox, limits))
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

function testResult(
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

/** Loads suites in order, registration open only while one loads; the failure of the first that fails. */
function loadSuites(
  sandbox: Sandbox,
  suites: readonly (SuiteSource & { js: string })[],
  limits: JudgeLimits,
  netFactor: number,
): FailureFields | undefined {
  for (const suite of suites) {
    sandbox.callInternal("beginSuite", suite.file, suite.hidden).value?.dispose();
    limitOneTest(sandbox, limits, netFactor);
    const failure = loadModule(sandbox, suite.js, suite.file);
    if (failure) return suiteLoadFailure(failure, suite.file, limits);
  }
  sandbox.callInternal("endSuites").value?.dispose();
  return undefined;
}

/**
 * The hidden tests a judge expects, before the hidden suites load: a crash before then still
 * reports each of them as not run.
 */
function expectedHidden(expected: readonly PlanEntry[] | undefined): PlannedTest[] {
  return (expected ?? [])
    .filter((test) => test.hidden)
    .map((test) => ({ ...test, file: "", kind: "test" }));
}

/** Evaluates a module (settling top-level await); returns the outcome if it failed. */
function loadModule(sandbox: Sandbox, code: string, name: string): Outcome | undefined {
  const result = sandbox.evalModule(code, name);
  if (!result.ok) {
    if (sandbox.expired()) {
      result.error.dispose();
      return { status: "error", kind: "time" };
    }
    return classifyError(sandbox, result.error);
  }
  const state = sandbox.context.getPromiseState(result.value);
  if (state.type === "fulfilled" && state.notAPromise) {
    result.value.dispose();
    return undefined;
  }
  if (state.type === "fulfilled") state.value.dispose();
  if (state.type === "rejected") state.error.dispose();
  const settled = settle(sandbox, result.value);
  result.value.dispose();
  switch (settled.state) {
    case "fulfilled":
      settled.value.dispose();
      return undefined;
    case "rejected":
    case "job-error":
      return classifyError(sandbox, settled.error);
    case "time":
      return { status: "error", kind: "time" };
    case "never-settles":
      return { status: "error", kind: "never-settles" };
  }
}

/**
 * A test stopped for time with its heap nearly full was thrashing the allocator (each allocation a
 * garbage collection), not looping: that is a memory bomb, and the learner should be told so.
 */
function isHeapNearlyFull(sandbox: Sandbox, limits: JudgeLimits): boolean {
  return (sandbox.memoryUsedBytes() ?? 0) > 0.75 * limits.memoryBytes;
}

function limitOneTest(sandbox: Sandbox, limits: JudgeLimits, netFactor: number): void {
  sandbox.limit(limits.testTimeMs * STEPS_PER_MS, limits.testTimeMs * netFactor);
}

function takeOutput(sandbox: Sandbox): string {
  return sandbox.callInternalForString("takeOutput") ?? "";
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
function recordCrash(progress: Progress, crash: SandboxCrash, limits: JudgeLimits): void {
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
