import { H, push } from "./intrinsics";
import { JudgeFailure, register, registry, sameValue } from "./assertions";
import { thrownWhere } from "./messages";
import { answers, allPlain, encodeAnswers, savedAnswer, type EncodedAnswers } from "./answers";
import { ManualClock } from "./clock";
import { defaultCall } from "./drive";
import { compareWithReference } from "./compare";
import { disagreesRemotely } from "./remote";
import type {
  ComparisonOutcome,
  ComparisonSpec,
  Config,
  DifferentialSpec,
  Limiter,
  Step,
} from "./types";
import type { DifferentialSpec as Declared } from "judge";

// Random traces: the suite registers a differential test, the host generates the inputs (fast-check)
// and calls diffBatch with many of them, then diffRun with the shrunk one that disagrees.

/**
 * differential(name, { kind, learner, reference, create, setup?, call?, level? }) registers a test
 * the host runs with fast-check: random configs and traces of the given kind ("window", "bucket",
 * "keyed"), shrunk to a minimal disagreement.
 */
export function differential<M, L>(name: string, spec: Declared<M, L>): void {
  if (spec.reference === undefined)
    throw new TypeError("differential() needs the reference module");
  register({
    kind: "differential",
    name,
    spec: spec as unknown as DifferentialSpec,
    diffKind: spec.kind,
    category: spec.category || "random traces",
  });
}

interface GeneratedInput {
  config: Config;
  steps: (Step & { at: number })[];
}

/**
 * A disagreement found by a fast pass that does not look for ties (diffBatch, remembered answers)
 * is confirmed by the full comparison, which does.
 */
function confirmedDisagreement(spec: ComparisonSpec, config: Config, steps: Step[]): boolean {
  if (!spec.margin) return true;
  return compareWithReference(spec, config, steps).failure !== null;
}

/**
 * Runs many generated inputs in one call; returns the index of the first disagreement, or -1.
 * Only says whether they agree (no trace is recorded): the failing input is replayed by diffRun.
 * The inputs depend only on the seed, so the reference's answers can be remembered (answers.ts).
 */
export function diffBatch(index: number, inputsJson: string): number {
  const spec = registry[index]!.spec!;
  const inputs = H.parse(inputsJson) as GeneratedInput[];
  const saved = answers.mode === "replay" ? savedAnswer("d") : undefined;
  const replay =
    saved !== undefined && saved.f === inputsJson.length && saved.v.length === inputs.length
      ? (saved.v as EncodedAnswers[])
      : undefined;
  let recorded: EncodedAnswers[] | undefined = answers.mode === "record" ? [] : undefined;
  for (let i = 0; i < inputs.length; i++) {
    try {
      const values: unknown[] | undefined = recorded === undefined ? undefined : [];
      const expected = replay === undefined ? undefined : replay[i];
      if (
        disagrees(spec, inputs[i]!.config, inputs[i]!.steps, values, expected) &&
        confirmedDisagreement(spec, inputs[i]!.config, inputs[i]!.steps)
      ) {
        return i;
      }
      if (values !== undefined && !allPlain(values)) recorded = undefined;
      if (values !== undefined && recorded !== undefined) push(recorded, encodeAnswers(values));
    } catch {
      // The learner's limiter threw, ran out of memory or stack, or read the wall clock.
      return i;
    }
  }
  if (recorded !== undefined) {
    answers.recorded!.d = { f: inputsJson.length, v: recorded, l: null };
  }
  return -1;
}

/** values: collects the reference's answers; expected: replays them, the reference never built. */
function disagrees(
  spec: ComparisonSpec,
  config: Config,
  steps: GeneratedInput["steps"],
  values: unknown[] | undefined,
  expected: EncodedAnswers | undefined,
): boolean {
  const learnerClock = new ManualClock();
  const referenceClock = new ManualClock();
  const reference =
    expected === undefined ? spec.create(spec.reference, referenceClock, config) : undefined;
  const limiter = spec.create(spec.learner, learnerClock, config);
  const call1 = spec.call || defaultCall;
  if (expected !== undefined && values === undefined && call1 === defaultCall) {
    const remote = disagreesRemotely(limiter, learnerClock, steps, expected);
    if (remote !== undefined) return remote;
  }
  let answered = 0;
  let differs = false;
  for (let s = 0; s < steps.length; s++) {
    const step = steps[s]!;
    const gap = step.at - learnerClock.now();
    learnerClock.advance(gap);
    referenceClock.advance(gap);
    const count = step.count === undefined ? 1 : step.count;
    for (let k = 0; k < count; k++) {
      const mine = call1(limiter, step);
      // The answer read in place (answers.ts) and equal answers not passed to sameValue(): a call
      // is much of a request's cost in QuickJS, and random traces make thousands of requests.
      const theirs =
        expected === undefined
          ? call1(reference as Limiter, step)
          : typeof expected === "string"
            ? expected[answered++] === "1"
            : expected[answered++];
      if (values !== undefined) push(values, theirs);
      if (mine !== theirs && !sameValue(mine, theirs)) {
        // Recording goes on to the end: a tie the full comparison forgives (the reference's own
        // judge can have some, decision 450) must not leave this input's answers cut short.
        if (values === undefined) return true;
        differs = true;
      }
    }
  }
  return differs;
}

/** Replays one input with the full comparison: the message and trace a failing random test shows. */
export function diffRun(index: number, inputJson: string): string {
  const entry = registry[index]!;
  const spec = entry.spec!;
  const input = H.parse(inputJson) as GeneratedInput;
  let outcome: ComparisonOutcome;
  try {
    outcome = compareWithReference(spec, input.config, input.steps);
  } catch (e) {
    const message = e instanceof JudgeFailure ? e.message : "your limiter threw " + thrownWhere(e);
    outcome = { failure: { message, threw: !(e instanceof JudgeFailure) || e.threw === true } };
  }
  const setup = spec.setup ? spec.setup(input.config) : "";
  return H.stringify({ failure: outcome.failure, setup });
}
