import { H, push } from "./intrinsics";
import { describeError, inspect, learnerLine } from "./inspect";
import { sameValue } from "./assertions";
import { stopsTheTest } from "./judge-stops";
import { chartTrace, divergenceSentence, traceLines } from "./messages";
import { explanationLines, readState } from "./explain";
import { driveRemotely } from "./remote";
import type {
  CallOne,
  DriveResult,
  Failure,
  Limiter,
  MovableClock,
  RequestRecord,
  StateReading,
  Step,
  TraceMessageOptions,
} from "./types";

// Driving a limiter through a trace, and the failure a divergence makes: the engine under
// expectTrace, expectSameAs and the random traces.

function asDecision(value: unknown): boolean {
  return typeof value === "boolean"
    ? value
    : value !== null && value !== undefined && value !== false;
}

type Calls = Record<string, (...args: unknown[]) => unknown>;

export function defaultCall(limiter: Limiter, step: Step): unknown {
  const l = limiter as Calls;
  if (step.key !== undefined) {
    return step.n !== undefined ? l.tryAcquire!(step.key, step.n) : l.allow!(step.key);
  }
  return step.n !== undefined ? l.tryAcquire!(step.n) : l.allow!();
}

function moveClock(clock: MovableClock, step: Step, label: string): void {
  if (step.at !== undefined) {
    const gap = step.at - clock.now();
    if (gap < 0) {
      throw new TypeError(
        label + ": step at " + step.at + " is before the clock's time " + clock.now(),
      );
    }
    clock.advance(gap);
  }
  if (step.after !== undefined) clock.advance(step.after);
}

/**
 * Drives a limiter through steps. expectedFor(step, k) returns the expected value for the k-th
 * request of a step; with a reference, it is the reference's answer. Never throws for the learner's
 * mistakes: they are recorded, so the caller can report the whole trace. Without follow and
 * referenceState, expectedFor must give the same answers when called for every request first: the
 * loop may then run where the learner's limiter lives (remote.ts).
 */
export function drive(
  steps: Step[],
  clocks: MovableClock[],
  limiter: Limiter,
  call1: CallOne,
  expectedFor: (step: Step, k: number) => unknown,
  level: (() => unknown) | undefined,
  follow?: (expected: unknown, actual: unknown) => boolean,
  referenceState?: () => StateReading | undefined,
): DriveResult {
  if (follow === undefined && referenceState === undefined && call1 === defaultCall) {
    const remote = driveRemotely(steps, clocks, limiter, expectedFor, level);
    if (remote !== undefined) return remote;
  }
  const requests: RequestRecord[] = [];
  const levels: unknown[] | undefined = level ? [] : undefined;
  let divergence: number | null = null;
  let state: StateReading | undefined;
  let theirs: StateReading | undefined;
  let stop = false;
  for (let s = 0; s < steps.length && !stop; s++) {
    const step = steps[s]!;
    for (let c = 0; c < clocks.length; c++) moveClock(clocks[c]!, step, "trace");
    const count = step.count === undefined ? 1 : step.count;
    for (let k = 0; k < count && !stop; k++) {
      // A function call is much of a request's cost in QuickJS: booleans, the usual answers, are
      // decided here without asDecision's, as equal answers are without sameValue's.
      const expectedValue = expectedFor(step, k);
      const r: RequestRecord = {
        t: clocks[0]!.now(),
        expectedValue,
        expected: typeof expectedValue === "boolean" ? expectedValue : asDecision(expectedValue),
      };
      if (step.n !== undefined) r.n = step.n;
      if (step.key !== undefined) r.key = step.key;
      try {
        r.actualValue = call1(limiter, step);
      } catch (e) {
        // Out of memory, a stack overflow or the wall clock are not wrong answers.
        if (stopsTheTest(e)) throw e;
        r.error = describeError(
          e instanceof H.Error ? e : { name: "a non-Error value", message: inspect(e, 1, false) },
        );
        if (e instanceof H.Error) r.where = learnerLine(e);
        r.actualValue = undefined;
      }
      const actualValue = r.actualValue;
      r.actual = typeof actualValue === "boolean" ? actualValue : asDecision(actualValue);
      let differs =
        r.error !== undefined ||
        (actualValue !== r.expectedValue && !sameValue(actualValue, r.expectedValue));
      if (
        differs &&
        r.error === undefined &&
        divergence === null &&
        follow &&
        follow(r.expectedValue, r.actualValue)
      ) {
        // A floating-point near-tie (ties.ts): the reference now gave the learner's answer.
        r.tie = r.expectedValue;
        r.expectedValue = r.actualValue;
        r.expected = r.actual;
        differs = false;
      }
      if (levels) push(levels, level!());
      requests[requests.length] = r;
      if (differs && divergence === null) {
        divergence = requests.length - 1;
        // Both sides' own account of their state at that moment (explain.ts).
        if (r.error === undefined) {
          state = readState(limiter);
          if (state !== undefined && referenceState) theirs = referenceState();
        }
      }
      // Past the first divergence, keep going a little so the chart shows what came after it.
      if (r.error !== undefined || (divergence !== null && requests.length > divergence + 200)) {
        stop = true;
      }
    }
  }
  return { requests, divergence, levels, state, referenceState: theirs };
}

export function traceFailure(result: DriveResult, options: TraceMessageOptions): Failure {
  const at = result.divergence as number;
  const r = result.requests[at]!;
  const setup = options.setup ? " (" + options.setup + ")" : "";
  const message =
    divergenceSentence(at, r) +
    explanationLines(result, options) +
    "\n\nThe trace that led there" +
    setup +
    ":\n" +
    traceLines(result.requests, at);
  const failure: Failure = {
    message,
    trace: chartTrace(result.requests, at, options, result.levels),
  };
  // A limiter that threw is a runtime error, not a wrong answer, even when a trace shows where.
  if (r.error !== undefined) failure.threw = true;
  return failure;
}
