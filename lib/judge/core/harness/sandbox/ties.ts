import { H, push } from "./intrinsics";
import { sameValue } from "./assertions";
import type { CallOne, ComparisonSpec, Config, Limiter, Step } from "./types";

// Floating-point near-ties in comparisons with the reference (decision 120).
//
// A bucket that refills ((now - last) / 1000) * rate holds 0.9999999999999999 tokens where one that
// refills (now - last) * (rate / 1000) holds 1: both are right, and a request landing exactly there
// is admitted by one and refused by the other. When the learner's answer differs from the
// reference's at a request where the reference itself was within NEAR_TIE of its threshold (the
// spec's margin() says how far, in tokens), the difference is noise, not a divergence: the reference
// is rebuilt so that it gave the learner's answer (that one request replayed a hair of a millisecond
// earlier or later), and the comparison goes on from the same state as the learner's.

/** How close to its threshold (in the limiter's own units: tokens, water) counts as a tie. */
const NEAR_TIE = 1e-9;
/** Time shifts (ms) tried, smallest first, to make the reference give the other answer at a tie. */
const TIE_NUDGES = [1e-9, -1e-9, 1e-7, -1e-7, 1e-5, -1e-5, 1e-3, -1e-3];

interface HistoryEntry {
  step: Step;
  t: number;
  bias: number;
  /** A refusal the reference followed by forgetting the request (refusalChangesNothing). */
  skip?: boolean;
}

export interface ReferenceRunner {
  reference: Limiter;
  ties: number;
  answer: (step: Step, t: number) => unknown;
  follow: (expected: unknown, actual: unknown) => boolean;
}

/**
 * The reference side of a comparison, on a clock of its own that follows the learner's: it answers
 * each request, and at a near-tie it can be rebuilt to follow the learner's answer.
 * spec.margin(reference, answer, step): how far the reference was from answering otherwise.
 */
export function referenceRunner(
  spec: ComparisonSpec,
  config: Config,
  call1: CallOne,
): ReferenceRunner {
  const time = { t: 0, bias: 0 };
  const clock = H.freeze({
    now() {
      return time.t + time.bias;
    },
  });
  const history: HistoryEntry[] = [];
  const self = {
    reference: spec.create(spec.reference, clock, config),
    ties: 0,
  } as ReferenceRunner;
  const ask = (target: Limiter, entry: HistoryEntry) => {
    time.t = entry.t;
    time.bias = entry.bias;
    try {
      return call1(target, entry.step);
    } finally {
      time.bias = 0;
    }
  };
  // A fresh reference through the same requests, less those it forgot.
  const replayed = () => {
    time.t = 0;
    const fresh = spec.create(spec.reference, clock, config);
    let value;
    for (let i = 0; i < history.length; i++) {
      if (!history[i]!.skip) value = ask(fresh, history[i]!);
    }
    return { fresh, value };
  };
  // The same, the last request shifted by bias; kept if it then gave the learner's answer.
  const rebuilt = (bias: number, actual: unknown) => {
    history[history.length - 1]!.bias = bias;
    const { fresh, value } = replayed();
    return sameValue(value, actual) ? fresh : undefined;
  };
  self.answer = (step, t) => {
    const entry = { step, t, bias: 0 };
    push(history, entry);
    return ask(self.reference, entry);
  };
  /** True if the last answer was a near-tie and the reference now agrees with the learner's. */
  self.follow = (expected, actual) => {
    if (!spec.margin || history.length === 0) return false;
    const last = history[history.length - 1]!;
    const margin = spec.margin(self.reference, expected, last.step);
    if (typeof margin !== "number" || !(H.abs(margin) <= NEAR_TIE)) return false;
    // Where a refusal changes nothing, the reference follows one by forgetting the request: that
    // also covers ties no shift moves (GCRA on a full bucket: (now + n·T) − now rounds above n·T
    // whatever now is), and costs one replay instead of a replay per shift tried.
    if (spec.refusalChangesNothing && (actual === false || actual === null)) {
      last.skip = true;
      self.reference = replayed().fresh;
      self.ties++;
      time.t = last.t;
      return true;
    }
    for (let i = 0; i < TIE_NUDGES.length; i++) {
      const fresh = rebuilt(TIE_NUDGES[i]!, actual);
      if (fresh !== undefined) {
        self.reference = fresh;
        self.ties++;
        time.t = last.t;
        return true;
      }
    }
    last.bias = 0;
    time.t = last.t;
    return false;
  };
  return self;
}
