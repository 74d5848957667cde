import { ANSWERS_SOURCE } from "./answers";
import { ASSERTIONS_SOURCE } from "./assertions";
import { LOCKDOWN_SOURCE } from "./lockdown";
import { MESSAGES_SOURCE } from "./messages";
import { EXPLAIN_SOURCE } from "./explain";
import { STORE_SOURCE } from "./store";
import { TIES_SOURCE } from "./ties";
import { TRACES_SOURCE } from "./traces";

/** What test files may import from "judge". */
export const PUBLIC_EXPORTS = [
  "test",
  "describe",
  "expect",
  "expectTrace",
  "expectSameAs",
  "differential",
  "ManualClock",
  "SharedStore",
  "burst",
  "javaRandom",
  "heapBytes",
] as const;

/**
 * What the learner's module (and any code it evaluates) gets from "judge": the clock and store it is
 * handed anyway, never the functions that register tests.
 */
export const LEARNER_EXPORTS = [
  "ManualClock",
  "SharedStore",
  "burst",
  "javaRandom",
  "heapBytes",
] as const;

// The runner and the host's handle on the harness. Test outcomes leave the sandbox only as strings
// built here with captured built-ins; learner code never holds a reference to this object.
const RUNNER_SOURCE = String.raw`
function classify(e) {
  if (e instanceof JudgeFailure) {
    const out = { status: "fail", kind: e.threw ? "runtime" : "wrong", message: str(e.message) };
    if (e.trace) out.trace = e.trace;
    return out;
  }
  if (e instanceof WallClockError) return { status: "error", kind: "wall-clock", message: e.message };
  if (e instanceof OutputLimitError) return { status: "error", kind: "output", message: output.over };
  if (e instanceof H.Error) {
    let stack = "";
    try { stack = str(e.stack); } catch (_) { /* a hostile getter */ }
    const description = describeError(e);
    let kind = "runtime";
    if (description === "InternalError: out of memory" || description === "InternalError: string too long") kind = "memory";
    if (description === "InternalError: interrupted") kind = "time";
    if (description === "InternalError: stack overflow" || description === "RangeError: Maximum call stack size exceeded") kind = "stack";
    return { status: "error", kind, message: description, stack: call(H.slice, stack, 0, 2000) };
  }
  return { status: "error", kind: "runtime", message: "your code threw a value that is not an Error: " + inspect(e, 1, false) };
}

/**
 * Runs one test. The answers mode and this test's recorded answers come with the call, and the
 * test's output (and, when recording, the reference's answers) go back with its result: every call
 * into the sandbox costs the host several microseconds, and a judge runs about thirty tests.
 */
async function runTest(index, seed, answersMode, answersJson) {
  const entry = registry[index];
  setAnswers(answersMode, answersJson);
  // Store operations an earlier, stopped test left pending belong to its stores: never run them here.
  pendingOps.length = 0;
  seedRandom(seed);
  seedScheduler(seed ^ 0x5bd1e995);
  output.over = "";
  output.printed = 0;
  const wallBefore = wallClockReads;
  let result;
  try {
    await entry.fn();
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

function loadError(e) {
  return H.stringify(classify(e));
}

const internal = {
  /** Suites load in phases (decision 190): the visible ones, their tests, then the hidden ones. */
  beginSuite(file, hidden) {
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
    const infos = [];
    for (let i = 0; i < registry.length; i++) {
      const e = registry[i];
      // Every field was checked to be a primitive when the test was registered.
      push(infos, { name: e.name, category: e.category, hidden: e.hidden === true, file: e.file, kind: e.kind, diffKind: typeof e.diffKind === "string" ? e.diffKind : undefined });
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
  setOutputCap(cap) {
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
const exported = [test, describe, expect, expectTrace, expectSameAs, differential, burst, ManualClock, ManualClock.prototype, SharedStore, SharedStore.prototype, javaRandom, heapBytes];
for (let i = 0; i < exported.length; i++) H.freeze(exported[i]);
lockdown();

export { internal, loadReference, test, describe, expect, expectTrace, expectSameAs, differential, ManualClock, SharedStore, burst, javaRandom, heapBytes };
`;

/**
 * Drops comment lines and indentation: QuickJS tokenizes the harness on every judge, and a third of
 * it is comments and spaces. Safe for this source: it has no template literals or multi-line strings.
 */
function compact(source: string): string {
  return source
    .split("\n")
    .map((line) => line.trim())
    .filter(
      (line) =>
        line !== "" &&
        !line.startsWith("//") &&
        !line.startsWith("/**") &&
        !line.startsWith("* ") &&
        line !== "*" &&
        line !== "*/",
    )
    .join("\n");
}

/**
 * The module "judge:internal", the whole sandbox side of the judge, as written (comments and
 * indentation dropped). The sandbox evaluates its minified build (index.ts).
 */
export const HARNESS_READABLE_SOURCE = compact(
  [
    LOCKDOWN_SOURCE,
    ASSERTIONS_SOURCE,
    MESSAGES_SOURCE,
    EXPLAIN_SOURCE,
    ANSWERS_SOURCE,
    TRACES_SOURCE,
    TIES_SOURCE,
    STORE_SOURCE,
    RUNNER_SOURCE,
  ].join("\n"),
);

/** The module "judge" that test files import. */
export const JUDGE_MODULE_SOURCE = `export { ${PUBLIC_EXPORTS.join(", ")} } from "judge:internal";\n`;

/** The module "judge" as the learner's code sees it. */
export const LEARNER_JUDGE_MODULE_SOURCE = `export { ${LEARNER_EXPORTS.join(", ")} } from "judge:internal";\n`;
