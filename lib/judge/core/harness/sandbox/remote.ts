import { H, call, push } from "./intrinsics";
import { encodeAnswers, type EncodedAnswers } from "./answers";
import { ManualClock, setClockTime } from "./clock";
import type { DriveResult, Limiter, MovableClock, RequestRecord, Step } from "./types";

// The request loops run where the learner's limiter lives (decision 410). With the hidden suites in
// their own instance H (decision 265), every request the harness makes of the learner's limiter is a
// crossing into the learner's instance L through the host, ~15 µs each. So a loop whose expected
// answers are known before it runs (expectTrace, a comparison replaying the reference's recorded
// answers, a random-trace batch, burst, offerEachSecond) goes to L whole: the steps, the expected
// answers and the clocks' times in one crossing; L runs the same harness code as one instance does
// (drive(), the stop rules included, so the learner's code makes exactly the requests it makes with
// one instance) and answers with the learner's results. Only data crosses: the steps and answers
// the test would compare anyway, never a suite's or the reference's code.

/** What the relay gives H's harness (relay-source.ts); nothing in L or with one instance. */
export interface RelayHooks {
  /** The number of L's object a stand-in in H is for; undefined for anything else. */
  learnerObject(value: unknown): number | undefined;
  /** The number a clock of H's crosses as (L keeps a ManualClock mirroring it). */
  clockId(clock: ManualClock): number;
  /** Runs a loop in L (remote-loop.ts there) and returns its answer. */
  loop(message: LoopMessage): unknown;
}

export interface LoopMessage {
  /** "drive" | "disagree" | "burst" | "offer" */
  k: string;
  /** The learner's limiter, by its number in L. */
  x: number;
  /** The clocks: [number, time] each. */
  c: [number, number][];
  /** JSON: the steps (drive, disagree) or the counts (offer, burst). */
  s: string;
  /** JSON: the expected answers (drive, disagree). */
  e: string;
}

let hooks: RelayHooks | undefined;

/** Once, by H's relay. */
export function connectRelay(given: RelayHooks): void {
  if (hooks !== undefined) throw new TypeError("connected already");
  hooks = given;
}

/** The learner's limiter in L, if the loop can run there; undefined to run it here. */
function remoteLimiter(limiter: unknown, clocks: readonly unknown[]): number | undefined {
  if (hooks === undefined) return undefined;
  for (let i = 0; i < clocks.length; i++) if (!(clocks[i] instanceof ManualClock)) return undefined;
  return hooks.learnerObject(limiter);
}

/** JSON that parses back to the same values, or undefined (NaN, ±Infinity and undefined do not). */
function exactJson(value: unknown): string | undefined {
  const text = H.stringify(value);
  return typeof text === "string" && call(H.indexOf, text, "null") < 0 ? text : undefined;
}

function loop(
  k: string,
  x: number,
  clocks: readonly ManualClock[],
  s: string,
  e: string,
): { answer: unknown; times: number[] | undefined } {
  const c: [number, number][] = [];
  for (let i = 0; i < clocks.length; i++) push(c, [hooks!.clockId(clocks[i]!), clocks[i]!.now()]);
  const out = hooks!.loop({ k, x, c, s, e });
  const answer = (typeof out === "string" ? H.parse(out) : out) as { a: unknown; t?: number[] };
  // The clocks end where L's mirrors of them did, to the bit.
  if (answer.t !== undefined) {
    for (let i = 0; i < clocks.length; i++) setClockTime(clocks[i]!, answer.t[i]!);
  }
  return { answer: answer.a, times: answer.t };
}

/**
 * drive() with the default call and answers known ahead (expectedFor may be called for every
 * request before any runs), in L; undefined when it has to run here.
 */
export function driveRemotely(
  steps: Step[],
  clocks: MovableClock[],
  limiter: Limiter,
  expectedFor: (step: Step, k: number) => unknown,
  level: (() => unknown) | undefined,
): DriveResult | undefined {
  const x = remoteLimiter(limiter, clocks);
  if (x === undefined) return undefined;
  const s = exactJson(steps);
  if (s === undefined) return undefined;
  const expected: unknown[] = [];
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    const count = step.count === undefined ? 1 : step.count;
    for (let k = 0; k < count; k++) push(expected, expectedFor(step, k));
  }
  const e = H.stringify(encodeAnswers(expected));
  const { answer } = loop("drive", x, clocks as ManualClock[], s, e);
  const result = answer as { q: RequestRecord[]; d: number | null; s?: DriveResult["state"] };
  let levels: unknown[] | undefined;
  if (level) {
    levels = [];
    for (let i = 0; i < result.q.length; i++) push(levels, level());
  }
  return {
    requests: result.q,
    divergence: result.d,
    levels,
    state: result.s,
    referenceState: undefined,
  };
}

/** Whether the learner's limiter disagrees with the reference's recorded answers, run in L. */
export function disagreesRemotely(
  limiter: unknown,
  clock: ManualClock,
  steps: Step[],
  expected: EncodedAnswers,
): boolean | undefined {
  const x = remoteLimiter(limiter, [clock]);
  if (x === undefined) return undefined;
  const s = exactJson(steps);
  if (s === undefined) return undefined;
  return loop("disagree", x, [clock], s, H.stringify(expected)).answer === true;
}

/** burst(limiter, n) in L. */
export function burstRemotely(limiter: unknown, n: number): number | undefined {
  const x = typeof n === "number" ? remoteLimiter(limiter, []) : undefined;
  const s = x === undefined ? undefined : exactJson(n);
  return s === undefined ? undefined : (loop("burst", x!, [], s, "").answer as number);
}

/** offerEachSecond in L, the drawn counts drawn here first (in order, as the loop would). */
export function offerRemotely(
  limiter: unknown,
  clock: ManualClock,
  seconds: number,
  requestsIn: (second: number) => number,
): number | undefined {
  const x = typeof seconds === "number" ? remoteLimiter(limiter, [clock]) : undefined;
  if (x === undefined) return undefined;
  const counts: number[] = [];
  for (let second = 0; second < seconds; second++) push(counts, requestsIn(second));
  const s = exactJson(counts);
  if (s === undefined) return undefined;
  return loop("offer", x, [clock], s, "").answer as number;
}
