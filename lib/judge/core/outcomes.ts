import { z } from "zod";
import { traceSchema, type Verdict } from "../results";
import type { JudgeLimits } from "./types";

/** Why a test ended the way it did; the harness reports the first six, the host the rest. */
const outcomeKinds = [
  "wrong",
  "runtime",
  "wall-clock",
  "stack",
  "memory",
  "output",
  "time",
  "never-settles",
  "budget",
  "after-memory",
  "after-output",
  "crash",
] as const;
export type OutcomeKind = (typeof outcomeKinds)[number];

/** What the harness returns for one test, parsed and checked at the sandbox boundary. */
export const harnessOutcomeSchema = z.object({
  status: z.enum(["pass", "fail", "error"]),
  kind: z.enum(outcomeKinds).optional(),
  message: z.string().optional(),
  stack: z.string().optional(),
  trace: traceSchema.optional(),
  readWallClock: z.boolean().optional(),
});
export type Outcome = z.infer<typeof harnessOutcomeSchema>;

export function verdictOf(outcome: Outcome): Verdict {
  if (outcome.status === "pass") return "accepted";
  switch (outcome.kind) {
    case "wrong":
    case undefined:
      return "wrong_answer";
    case "memory":
      return "memory_limit_exceeded";
    case "output":
      return "output_limit_exceeded";
    case "time":
    case "never-settles":
    case "budget":
      return "time_limit_exceeded";
    default:
      return "runtime_error";
  }
}

/**
 * Frames of the learner's own file, which is all a learner can act on, as `file:line`. The
 * transpile keeps every line where the learner wrote it (transpile.ts), so QuickJS's line is the
 * editor's line; its column is not (type annotations are removed), so it is dropped.
 */
export function learnerFrames(stack: string | undefined, moduleName: string): string[] {
  if (!stack) return [];
  return stack
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.includes(`${moduleName}:`))
    .map((line) => line.replace(/(:\d+):\d+(\)?)$/, "$1$2"))
    .slice(0, 5);
}

/**
 * What to do instead, for the Node and browser facilities a published limiter reaches for and the
 * judge does not have. Keyed by the name QuickJS reports in "ReferenceError: 'name' is not defined".
 */
const MISSING_GLOBALS: Record<string, string> = {
  setInterval: timerAdvice("setInterval"),
  setTimeout: timerAdvice("setTimeout"),
  setImmediate: timerAdvice("setImmediate"),
  clearInterval: timerAdvice("clearInterval"),
  clearTimeout: timerAdvice("clearTimeout"),
  process:
    "process does not exist in the judge (your code runs in a sandbox, not in Node): no process.hrtime(), process.env or process.nextTick(). Read the time from the clock your limiter was given: clock.now(), in milliseconds.",
  module:
    "The judge loads solution.ts as an ES module, where module.exports does not exist: write export class … (export class TokenBucket { … }) instead of module.exports = { … }.",
  exports:
    "The judge loads solution.ts as an ES module, where exports does not exist: write export class … instead of exports.Name = ….",
  require:
    'The judge loads solution.ts as an ES module, where require() does not exist, and the only module it may import is "judge" (import type { Clock } from "judge"). A limiter needs nothing else: remove the require(…).',
  global:
    "global is Node's name for the global object and does not exist in the judge; a limiter should keep its state in its own fields.",
  window:
    "window exists only in browsers, not in the judge; a limiter should keep its state in its own fields.",
};

function timerAdvice(name: string): string {
  return `${name} does not exist in the judge, and a timer could never fire there: time moves only when a test moves the clock. Do the timer's work when a request arrives instead: refill (or expire old entries) from clock.now() - last on each call, then store last = clock.now().`;
}

/** The advice for the first facility the judge lacks that a message names, if any. */
export function missingGlobalAdvice(message: string): string | undefined {
  const missing = /ReferenceError: '([\w$]+)' is not defined/.exec(message);
  return missing ? MISSING_GLOBALS[missing[1] ?? ""] : undefined;
}

/** A message followed by its advice, when it names something the judge does not have. */
export function withAdvice(message: string): string {
  const advice = missingGlobalAdvice(message);
  return advice === undefined ? message : `${message}\n\n${advice}`;
}

/** The message a learner reads for a test that did not pass. */
export function learnerMessage(outcome: Outcome, limits: JudgeLimits, moduleName: string): string {
  const base = outcome.message ?? "";
  let text: string;
  switch (outcome.kind) {
    case "time":
      text = `stopped after ${limits.testTimeMs} ms of work: an endless loop, or far too much work per request?`;
      break;
    case "never-settles":
      text =
        "never finished: it waits for a promise that nothing will ever settle (an await on something that never happens?)";
      break;
    case "budget":
      text = `not run: earlier tests used up the judge's time budget (${limits.totalTimeMs} ms of work)`;
      break;
    case "after-memory":
      text = "not run: an earlier test ran out of memory";
      break;
    case "after-output":
      text = "not run: an earlier test printed past the output limit";
      break;
    case "memory":
      text = `ran out of memory (the sandbox allows ${Math.round(limits.memoryBytes / 2 ** 20)} MB): does something grow without bound?`;
      break;
    case "stack":
      text = "stack overflow: does a function call itself without end?";
      break;
    case "output":
      text = outputLimitMessage(base, limits);
      break;
    case "crash":
      text = `the sandbox had to be stopped: ${base}`;
      break;
    case "runtime": {
      const frames = learnerFrames(outcome.stack, moduleName);
      text = frames.length > 0 ? `${base}\n${frames.map((f) => `    ${f}`).join("\n")}` : base;
      break;
    }
    default:
      text = base;
  }
  text = withAdvice(text);
  if (outcome.readWallClock && outcome.kind !== "wall-clock") {
    text +=
      "\n\nYour limiter read the wall clock (Date.now(), new Date() or performance.now()). In the judge those do not tell the time: use the clock passed to your constructor.";
  }
  return cap(text, limits.outputChars);
}

/** base: where the printing happened ("solution.ts:14"), as the harness saw it. */
function outputLimitMessage(where: string, limits: JudgeLimits): string {
  const site = /^solution\.ts:\d+$/.test(where) ? ` (console.log at ${where})` : "";
  return `stopped: this test printed more than ${OUTPUT_LIMIT_CHARS.toLocaleString("en-US")} characters${site}. The judge shows the first ${limits.outputChars.toLocaleString("en-US")} characters of a test's output and drops the rest, but building that much text still costs your code time: print less, or only while you debug one test.`;
}

/** The harness's OUTPUT_LIMIT (harness/sandbox/output.ts): characters one test may print before it is stopped. */
export const OUTPUT_LIMIT_CHARS = 1_000_000;

export function cap(text: string, max: number): string {
  return text.length <= max
    ? text
    : `${text.slice(0, max)}... (${text.length - max} more characters not shown)`;
}
