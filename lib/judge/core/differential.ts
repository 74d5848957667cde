import type * as FastCheck from "fast-check";
import type { Trace } from "../results";

/** The shapes of random traces the judge knows how to generate (hidden suites pick one). */
export const differentialKinds = ["window", "bucket", "keyed"] as const;
export type DifferentialKind = (typeof differentialKinds)[number];

/** One step of a generated trace, as the sandbox's drive() understands it. */
export interface DiffStep {
  at: number;
  count: number;
  n?: number;
  key?: string;
}

export interface DiffInput {
  config: Record<string, number>;
  steps: DiffStep[];
}

export interface DiffRunResult {
  /** threw: the learner's limiter threw (a runtime error) rather than answering differently. */
  failure: { message: string; trace?: Trace; threw?: boolean } | null;
  setup: string;
}

export type DifferentialOutcome =
  | { outcome: "pass"; numRuns: number }
  | { outcome: "time" }
  | {
      outcome: "fail";
      input: DiffInput;
      result: DiffRunResult & { failure: NonNullable<DiffRunResult["failure"]> };
      numRuns: number;
      shrinks: number;
    };

type Gap = { kind: "same" } | { kind: "wait"; ms: number } | { kind: "edge"; offset: number };

/** Turns relative gaps into absolute times; "edge" lands on (or next to) a window or refill edge. */
function placeSteps<T extends { gap: Gap }>(
  raw: T[],
  edgeMs: number,
): (Omit<T, "gap"> & { at: number })[] {
  let t = 0;
  return raw.map(({ gap, ...rest }) => {
    if (gap.kind === "wait") t += gap.ms;
    if (gap.kind === "edge") t = Math.max(t, (Math.floor(t / edgeMs) + 1) * edgeMs + gap.offset);
    return { ...rest, at: t };
  });
}

function gapArbitrary(fc: typeof FastCheck, maxWaitMs: number) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<Gap>({ kind: "same" }) },
    {
      weight: 4,
      arbitrary: fc.integer({ min: 1, max: maxWaitMs }).map((ms): Gap => ({ kind: "wait", ms })),
    },
    {
      weight: 3,
      arbitrary: fc.constantFrom(-1, 0, 1).map((offset): Gap => ({ kind: "edge", offset })),
    },
  );
}

/** A fast-check arbitrary of configs and traces for a kind; traces stay short so shrinking is quick. */
export function diffInputArbitrary(
  fc: typeof FastCheck,
  kind: DifferentialKind,
): FastCheck.Arbitrary<DiffInput> {
  switch (kind) {
    case "window":
      return fc
        .record({
          limit: fc.integer({ min: 1, max: 6 }),
          windowMs: fc.oneof(fc.constantFrom(1000, 60_000), fc.integer({ min: 10, max: 5000 })),
        })
        .chain((config) =>
          fc
            .array(
              fc.record({
                gap: gapArbitrary(fc, Math.ceil(config.windowMs * 1.5)),
                count: fc.integer({ min: 1, max: config.limit + 2 }),
              }),
              { minLength: 1, maxLength: 20 },
            )
            .map((raw) => ({ config, steps: placeSteps(raw, config.windowMs) })),
        );
    case "bucket":
      return fc
        .record({
          capacity: fc.integer({ min: 1, max: 8 }),
          perSecond: fc.constantFrom(0.5, 1, 2, 2.5, 3, 5, 7, 10),
        })
        .chain((config) =>
          fc
            .array(
              fc.record(
                {
                  gap: gapArbitrary(fc, 3000),
                  count: fc.integer({ min: 1, max: 3 }),
                  n: fc.integer({ min: 1, max: config.capacity + 1 }),
                },
                { requiredKeys: ["gap", "count"] },
              ),
              { minLength: 1, maxLength: 20 },
            )
            .map((raw) => ({ config, steps: placeSteps(raw, 1000 / config.perSecond) })),
        );
    case "keyed":
      return fc
        .record({
          capacity: fc.integer({ min: 1, max: 3 }),
          perSecond: fc.constantFrom(0.5, 1, 2, 5),
          maxKeys: fc.integer({ min: 1, max: 4 }),
          forgetIdleAfterMs: fc.constantFrom(0, 1000, 10_000),
        })
        .chain((config) =>
          fc
            .array(
              fc.record(
                {
                  gap: gapArbitrary(fc, 4000),
                  count: fc.integer({ min: 1, max: 2 }),
                  key: fc.constantFrom("a", "b", "c", "d", "e"),
                  n: fc.integer({ min: 1, max: 2 }),
                },
                { requiredKeys: ["gap", "count", "key"] },
              ),
              { minLength: 1, maxLength: 25 },
            )
            .map((raw) => ({ config, steps: placeSteps(raw, 1000 / config.perSecond) })),
        );
  }
}

const samples = new Map<string, string>();

/**
 * The seeded inputs as JSON. The seed is fixed per exercise and test, so every judge of an exercise
 * checks the same inputs: generated and serialized once per process, not once per judge.
 */
function sampleJson(
  fc: typeof FastCheck,
  kind: DifferentialKind,
  seed: number,
  numRuns: number,
): string {
  const key = `${kind}:${seed}:${numRuns}`;
  let json = samples.get(key);
  if (json === undefined) {
    json = JSON.stringify(fc.sample(diffInputArbitrary(fc, kind), { seed, numRuns }));
    if (samples.size > 256) samples.clear();
    samples.set(key, json);
  }
  return json;
}

/**
 * Runs the learner and the reference on random traces (inside the sandbox) and, on a disagreement,
 * lets fast-check shrink it to a minimal trace. The first pass is one sandbox call for all inputs
 * (`batch`, which returns the index of the first failing one); fast-check then replays the same
 * seeded sequence, skipping the runs known to pass, and shrinks the failure with `evaluate`. Both
 * return undefined once the sandbox's deadline has passed; from then on every run passes, so
 * shrinking ends at once.
 */
export async function runDifferential(
  kind: DifferentialKind,
  seed: number,
  numRuns: number,
  batch: (inputsJson: string) => number | undefined,
  evaluate: (input: DiffInput) => DiffRunResult | undefined,
): Promise<DifferentialOutcome> {
  const fc = await import("fast-check");
  const arbitrary = diffInputArbitrary(fc, kind);
  const firstFailure = batch(sampleJson(fc, kind, seed, numRuns));
  if (firstFailure === undefined) return { outcome: "time" };
  if (firstFailure < 0) return { outcome: "pass", numRuns };

  let timedOut = false;
  let run = 0;
  const property = fc.property(arbitrary, (input) => {
    if (timedOut || run++ < firstFailure) return true;
    const result = evaluate(input);
    if (result === undefined) {
      timedOut = true;
      return true;
    }
    return result.failure === null;
  });
  const details = fc.check(property, { seed, numRuns });
  if (timedOut) return { outcome: "time" };
  if (!details.failed || !details.counterexample) return { outcome: "pass", numRuns };
  const [input] = details.counterexample;
  const result = evaluate(input);
  if (result === undefined) return { outcome: "time" };
  if (result.failure === null) return { outcome: "pass", numRuns };
  return {
    outcome: "fail",
    input,
    result: { ...result, failure: result.failure },
    numRuns: details.numRuns,
    shrinks: details.numShrinks,
  };
}
