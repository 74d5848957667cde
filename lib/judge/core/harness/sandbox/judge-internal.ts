// The module "judge:internal": the whole sandbox side of the judge, bundled into one string by
// `npm run build:harness` (decision 280) and evaluated by the host before any learner code.
//
// The imports are in the order their side effects must happen: built-ins captured, unsafe engine
// features removed, the host's globals taken, the wall clock, Math.random and console replaced. Then
// the runner below, which freezes everything reachable (lockdown) as its last act. Test outcomes
// leave the sandbox only as strings built here with captured built-ins; learner code never holds a
// reference to `internal`.
import { H, call, push, str } from "./intrinsics";
import "./engine-features";
import { heapBytes, loadReference } from "./host";
import { WallClockError, wallClockReads } from "./wall-clock";
import { seedRandom } from "./random";
import { OutputLimitError, output, takeOutput, takeOutputReport } from "./output";
import { describeError, inspect } from "./inspect";
import { lockdown } from "./lockdown";
import { JudgeFailure, describe, expect, registry, suite, test } from "./assertions";
import { type AnswersMode, setAnswers, takeAnswers } from "./answers";
import { pendingOps, seedScheduler, SharedStore, tick } from "./store";
import { ManualClock, javaRandom, setClockTime, watchClocks } from "./clock";
import { connectRelay } from "./remote";
import { runLoop } from "./remote-loop";
import { expectTrace } from "./expect-trace";
import { expectSameAs } from "./compare";
import { diffBatch, diffRun, differential } from "./differential";
import { burst, offerEachSecond, traceOf } from "./trace-builders";

/** A test's result as the host parses it (harnessOutcomeSchema in lib/judge/core/outcomes.ts). */
interface Outcome {
  status: "pass" | "fail" | "error";
  kind?: string;
  message?: string;
  trace?: unknown;
  stack?: string;
  readWallClock?: true;
  output?: string;
  answers?: string;
}

function classify(e: unknown): Outcome {
  if (e instanceof JudgeFailure) {
    const out: Outcome = {
      status: "fail",
      kind: e.threw ? "runtime" : "wrong",
      message: str(e.message),
    };
    if (e.trace) out.trace = e.trace;
    return out;
  }
  if (e instanceof WallClockError)
    return { status: "error", kind: "wall-clock", message: e.message };
  if (e instanceof OutputLimitError)
    return { status: "error", kind: "output", message: output.over };
  if (e instanceof H.Error) {
    let stack = "";
    try {
      stack = str(e.stack);
    } catch {
      /* a hostile getter */
    }
    const description = describeError(e);
    let kind = "runtime";
    if (
      description === "InternalError: out of memory" ||
      description === "InternalError: string too long"
    ) {
      kind = "memory";
    }
    if (description === "InternalError: interrupted") kind = "time";
    if (
      description === "InternalError: stack overflow" ||
      description === "RangeError: Maximum call stack size exceeded"
    ) {
      kind = "stack";
    }
    return { status: "error", kind, message: description, stack: call(H.slice, stack, 0, 2000) };
  }
  return {
    status: "error",
    kind: "runtime",
    message: "your code threw a value that is not an Error: " + inspect(e, 1, false),
  };
}

/**
 * Runs one test. The answers mode and this test's recorded answers come with the call, and the
 * test's output (and, when recording, the reference's answers) go back with its result: every call
 * into the sandbox costs the host several microseconds, and a judge runs about thirty tests.
 */
async function runTest(
  index: number,
  seed: number,
  answersMode: AnswersMode,
  answersJson: string,
): Promise<string> {
  const entry = registry[index]!;
  setAnswers(answersMode, answersJson);
  // Store operations an earlier, stopped test left pending belong to its stores: never run them here.
  pendingOps.length = 0;
  seedRandom(seed);
  seedScheduler(seed ^ 0x5bd1e995);
  output.over = "";
  output.printed = 0;
  const wallBefore = wallClockReads;
  let result: Outcome;
  try {
    await entry.fn!();
    result = { status: "pass" };
  } catch (e) {
    result = classify(e);
  }
  if (wallClockReads > wallBefore && result.kind !== "wall-clock") {
    result.readWallClock = true;
  }
  // A test that caught the OutputLimitError still printed too much.
  if (output.over !== "") result = { status: "error", kind: "output", message: output.over };
  output.over = "";
  result.output = takeOutput();
  if (answersMode === "record") result.answers = takeAnswers();
  return H.stringify(result);
}

function loadError(e: unknown): string {
  return H.stringify(classify(e));
}

const internal = {
  /** Suites load in phases (decision 190): the visible ones, their tests, then the hidden ones. */
  beginSuite(file: string, hidden: boolean) {
    suite.file = file;
    suite.hidden = hidden;
    suite.category = undefined;
    suite.open = true;
  },
  /** After a phase's last suite: nothing registers a test until the host opens the next suite. */
  endSuites() {
    suite.open = false;
  },
  testCount() {
    return registry.length;
  },
  testInfos() {
    const infos: object[] = [];
    for (let i = 0; i < registry.length; i++) {
      const e = registry[i]!;
      // Every field was checked to be a primitive when the test was registered.
      push(infos, {
        name: e.name,
        category: e.category,
        hidden: e.hidden === true,
        file: e.file,
        kind: e.kind,
        diffKind: typeof e.diffKind === "string" ? e.diffKind : undefined,
      });
    }
    return H.stringify(infos);
  },
  runTest,
  diffRun,
  diffBatch,
  tick,
  takeOutput,
  takeOutputReport,
  loadError,
  setOutputCap(cap: number) {
    output.cap = cap;
  },
  seedRandom,
  setAnswers,
  takeAnswers,
  pendingOps() {
    return pendingOps.length;
  },
};

H.freeze(internal);

/** What the relay between the two instances uses (decision 410); learner code never reaches it. */
const relay = H.freeze({ connectRelay, runLoop, setClockTime, watchClocks });
const exported = [
  test,
  describe,
  expect,
  expectTrace,
  expectSameAs,
  differential,
  burst,
  ManualClock,
  ManualClock.prototype,
  SharedStore,
  SharedStore.prototype,
  javaRandom,
  heapBytes,
  traceOf,
  offerEachSecond,
];
for (let i = 0; i < exported.length; i++) H.freeze(exported[i]);
lockdown();

export {
  internal,
  relay,
  loadReference,
  test,
  describe,
  expect,
  expectTrace,
  expectSameAs,
  differential,
  ManualClock,
  SharedStore,
  burst,
  javaRandom,
  heapBytes,
  traceOf,
  offerEachSecond,
};
