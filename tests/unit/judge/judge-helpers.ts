import { expect } from "vitest";
import { loadExerciseForJudge } from "@/lib/content/exercises";
import { judgeInSandbox } from "@/lib/judge/core";
import type { JudgeCoreInput } from "@/lib/judge/core/types";
import { judgeJob } from "@/lib/judge/judge-submission";
import { loadQuickJS, type LoadedQuickJS } from "@/lib/judge/node/load-quickjs";
import { MemoryScrubber } from "@/lib/judge/node/source-scrubber";
import { openThreadCpuClock } from "@/lib/judge/node/thread-cpu";
import type { ResultsDocument } from "@/lib/judge/results";

let shared: Promise<LoadedQuickJS & { scrubber: MemoryScrubber }> | undefined;
let sharedHidden: Promise<LoadedQuickJS> | undefined;

// The safety net on this thread's CPU clock, as in a pool worker: on a loaded machine a wall-clock
// net would stop work that an idle one finishes.
const cpuClock = openThreadCpuClock();
const onCpu: Partial<JudgeCoreInput> = cpuClock
  ? { cpuNow: cpuClock.now, cpuResolutionMs: cpuClock.resolutionMs }
  : {};

/**
 * One capped QuickJS module per test file, as a worker would have, with its scrubber (decision
 * 460): a judge through it blanks the hidden suites' and the reference's text, as a worker's does.
 */
export function sharedQuickJS(): Promise<LoadedQuickJS & { scrubber: MemoryScrubber }> {
  shared ??= loadQuickJS().then((loaded) => ({
    ...loaded,
    scrubber: MemoryScrubber.forModule(loaded),
  }));
  return shared;
}

/** A second module per test file: the hidden suites' own instance (decision 265). */
export function sharedHiddenQuickJS(): Promise<LoadedQuickJS> {
  sharedHidden ??= loadQuickJS();
  return sharedHidden;
}

/** Judges code against an exercise in this process, exactly as a pool worker would. */
export async function judgeExercise(
  exerciseId: string,
  code: string,
  mode: "run" | "submit" = "submit",
  extra: Partial<JudgeCoreInput> = {},
): Promise<ResultsDocument> {
  const { quickjs, scrubber } = await sharedQuickJS();
  const exercise = loadExerciseForJudge(exerciseId);
  return judgeInSandbox({
    quickjs,
    scrubber,
    ...judgeJob(exercise, code, mode),
    ...onCpu,
    ...extra,
  });
}

/** Judges code against an ad-hoc visible suite. */
export async function judgeWithSuite(
  code: string,
  tests: string,
  extra: Partial<JudgeCoreInput> = {},
): Promise<ResultsDocument> {
  const { quickjs } = await sharedQuickJS();
  return judgeInSandbox({
    quickjs,
    code,
    suites: [{ file: "tests.ts", source: tests, hidden: false }],
    ...onCpu,
    ...extra,
  });
}

/** The reference solution of an exercise. */
export function solutionOf(exerciseId: string): string {
  return loadExerciseForJudge(exerciseId).solution;
}

/** A document without the figures that change from run to run. */
export function stable(document: ResultsDocument): ResultsDocument {
  return { ...document, resources: { wallMs: 0 } };
}

/** Judges `code` as Submit does under three seeds and expects every test to pass under each. */
export async function expectAcceptedWhateverSeed(exerciseId: string, code: string): Promise<void> {
  for (const seed of [undefined, 1, 424_242]) {
    const doc = await judgeExercise(exerciseId, code, "submit", {
      ...(seed === undefined ? {} : { seed }),
    });
    const failed = doc.tests.filter((t) => t.status !== "pass").map((t) => t.name);
    expect({ seed, verdict: doc.verdict, failed }).toEqual({
      seed,
      verdict: "accepted",
      failed: [],
    });
  }
}
