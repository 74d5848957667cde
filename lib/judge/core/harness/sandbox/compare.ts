import { H, push, str } from "./intrinsics";
import { fail } from "./assertions";
import { thrownWhere } from "./messages";
import { readState } from "./explain";
import { answers, allPlain, encodeAnswers, savedAnswer, type Slot } from "./answers";
import { referenceRunner } from "./ties";
import { ManualClock } from "./clock";
import { defaultCall, drive, traceFailure } from "./drive";
import type {
  ClockLike,
  ComparisonOutcome,
  ComparisonSpec,
  Config,
  DriveResult,
  Failure,
  Limiter,
  Step,
} from "./types";
import type { SameAsSpec } from "judge";

// The learner's limiter beside the reference, request by request: expectSameAs, and the full
// comparison the random traces replay a disagreement with.

/** What the reference answered and its levels, for answers.ts to remember. */
interface Recording {
  values: unknown[];
  levels: unknown[];
}

/**
 * Runs the same steps through the learner's limiter and the reference, side by side. "record", if
 * given, is told each answer and level of the reference (see answers.ts).
 */
export function compareWithReference(
  spec: ComparisonSpec,
  config: Config,
  steps: Step[],
  record?: Recording,
): ComparisonOutcome {
  const learnerClock = new ManualClock();
  const call1 = spec.call || defaultCall;
  const runner = referenceRunner(spec, config, call1);
  const limiter = createLearner(spec, learnerClock, config);
  if (limiter.failure) return limiter;
  let level = spec.level ? () => spec.level!(runner.reference) : undefined;
  let expectedFor = (step: Step) => runner.answer(step, learnerClock.now());
  if (record) {
    const live = { level, expectedFor };
    expectedFor = (step) => {
      const v = live.expectedFor(step);
      push(record.values, v);
      return v;
    };
    if (level) {
      level = () => {
        const l = live.level!();
        push(record.levels, l);
        return l;
      };
    }
  }
  const result = drive(
    steps,
    [learnerClock],
    limiter.value,
    call1,
    expectedFor,
    level,
    runner.follow,
    () => readState(runner.reference),
  );
  return comparison(result, spec, config);
}

/** The same comparison against the reference's remembered answers: the reference does not run. */
function compareWithAnswers(
  spec: ComparisonSpec,
  config: Config,
  steps: Step[],
  saved: Slot,
): ComparisonOutcome {
  const learnerClock = new ManualClock();
  const limiter = createLearner(spec, learnerClock, config);
  if (limiter.failure) return limiter;
  let i = 0;
  let j = 0;
  const level = spec.level && saved.l !== null ? () => saved.l![j++] : undefined;
  // Read in place (answers.ts), one function made per encoding: one call less a request.
  const encoded = saved.v;
  const expectedFor = typeof encoded === "string" ? () => encoded[i++] === "1" : () => encoded[i++];
  const result = drive(
    steps,
    [learnerClock],
    limiter.value,
    spec.call || defaultCall,
    expectedFor,
    level,
  );
  return comparison(result, spec, config);
}

type Created = { value: Limiter; failure?: undefined } | { failure: Failure };

function createLearner(spec: ComparisonSpec, clock: ClockLike, config: Config): Created {
  try {
    return { value: spec.create(spec.learner, clock, config) };
  } catch (e) {
    return {
      failure: {
        message: (spec.setup ? spec.setup(config) : "the constructor") + " threw " + thrownWhere(e),
        threw: true,
      },
    };
  }
}

function comparison(result: DriveResult, spec: ComparisonSpec, config: Config): ComparisonOutcome {
  if (result.divergence === null) return { failure: null };
  const options = {
    setup: spec.setup ? spec.setup(config) : undefined,
    windowMs: config.windowMs,
    capacity: config.capacity,
    windows: spec.windows,
  };
  return { failure: traceFailure(result, options) };
}

/** compareWithReference, remembering or replaying the reference's answers when the host asks to. */
function compareRemembering(
  spec: ComparisonSpec,
  config: Config,
  steps: Step[],
): ComparisonOutcome {
  if (answers.mode === "") return compareWithReference(spec, config, steps);
  const slot = "s" + str(answers.ordinal++);
  // The slot's inputs, so a test whose calls depend on the learner's answers never gets another
  // call's answers: a mismatch just runs the reference live.
  const fingerprint = H.stringify([config, steps]);
  if (answers.mode === "record") {
    const record: Recording = { values: [], levels: [] };
    const outcome = compareWithReference(spec, config, steps, record);
    if (outcome.failure === null && allPlain(record.values) && allPlain(record.levels)) {
      answers.recorded![slot] = {
        f: fingerprint,
        v: encodeAnswers(record.values),
        l: spec.level ? record.levels : null,
      };
    }
    return outcome;
  }
  const saved = savedAnswer(slot);
  if (saved === undefined || saved.f !== fingerprint) {
    return compareWithReference(spec, config, steps);
  }
  const outcome = compareWithAnswers(spec, config, steps, saved);
  // Remembered answers cannot follow the learner through a near-tie: the live reference can.
  return outcome.failure && spec.margin ? compareWithReference(spec, config, steps) : outcome;
}

/** expectSameAs(learner, reference, { create, setup?, call?, level?, config?, steps }) for hidden tests. */
export function expectSameAs<M, L>(learner: M, reference: M, spec: SameAsSpec<M, L>): void {
  // The suite's types (judge-module.d.ts) seen as the harness drives any limiter: by name.
  const full: ComparisonSpec = {
    learner,
    reference,
    create: spec.create as unknown as ComparisonSpec["create"],
    call: spec.call as ComparisonSpec["call"],
    level: spec.level as ComparisonSpec["level"],
    margin: spec.margin as ComparisonSpec["margin"],
    refusalChangesNothing: spec.refusalChangesNothing,
    windows: spec.windows,
    setup: spec.setup ? () => spec.setup! : undefined,
  };
  const outcome = compareRemembering(full, spec.config || {}, spec.steps as Step[]);
  if (outcome.failure) fail(outcome.failure.message, outcome.failure.trace, outcome.failure.threw);
}
