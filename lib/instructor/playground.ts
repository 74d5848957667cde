import { z } from "zod";
import {
  loadExerciseForJudge,
  type ExerciseForJudge,
  type ExerciseLoadOptions,
} from "@/lib/content/exercises";
import type { SuiteSource } from "@/lib/judge/core/types";
import { judgeLimitsOf } from "@/lib/judge/exercise-limits";
import type { JudgeJob } from "@/lib/judge/node/protocol";
import type { ResultsDocument } from "@/lib/judge/results";
import { codeSchema, exerciseIdSchema } from "@/lib/progress/schemas";

// The instructor playground: judge a candidate against an exercise on the server, before committing
// it. A candidate *solution* runs against the exercise's visible and hidden tests, with the reference
// available to them, exactly as Submit does. A candidate *test file* runs against the reference
// solution, which it must pass (a test the reference fails is a wrong test), and against the starter,
// which it should fail (a test the starter passes checks nothing the learner has to write).

export const playgroundInputSchema = z.strictObject({
  exerciseId: exerciseIdSchema,
  kind: z.enum(["solution", "tests"], { error: 'kind must be "solution" or "tests"' }),
  code: codeSchema.min(1, "code must not be empty"),
});

export type PlaygroundInput = z.infer<typeof playgroundInputSchema>;

export interface PlaygroundRun {
  /** What ran against what, for the page. */
  label: string;
  /** What a good candidate gets here; null when any verdict is informative. */
  expected: "accepted" | "rejected" | null;
  /** Whether the verdict is the expected one (true when nothing is expected). */
  asExpected: boolean;
  results: ResultsDocument;
}

export interface PlaygroundResult {
  exerciseId: string;
  kind: PlaygroundInput["kind"];
  runs: PlaygroundRun[];
}

export type Judge = (job: JudgeJob) => Promise<ResultsDocument>;

/** Throws UnknownExerciseError for an id that names no exercise (a route answers 404). */
export async function judgeInPlayground(
  input: PlaygroundInput,
  judge: Judge,
  options: ExerciseLoadOptions = {},
): Promise<PlaygroundResult> {
  const exercise = loadExerciseForJudge(input.exerciseId, options);
  if (input.kind === "solution") {
    const results = await judge(solutionJob(exercise, input.code));
    return {
      exerciseId: exercise.id,
      kind: input.kind,
      runs: [
        {
          label: "Your solution against tests.ts and tests.hidden.ts",
          expected: null,
          asExpected: true,
          results,
        },
      ],
    };
  }
  const [reference, starter] = await Promise.all([
    judge(testsJob(exercise, exercise.solution, input.code)),
    judge(testsJob(exercise, exercise.starter, input.code)),
  ]);
  return {
    exerciseId: exercise.id,
    kind: input.kind,
    runs: [
      run("The reference solution against your tests", "accepted", reference),
      run("The starter against your tests", "rejected", starter),
    ],
  };
}

function run(
  label: string,
  expected: "accepted" | "rejected",
  results: ResultsDocument,
): PlaygroundRun {
  const accepted = results.verdict === "accepted";
  return { label, expected, asExpected: expected === "accepted" ? accepted : !accepted, results };
}

function solutionJob(exercise: ExerciseForJudge, code: string): JudgeJob {
  return {
    code,
    suites: [
      { file: "tests.ts", source: exercise.visibleTests, hidden: false },
      // Hidden, because only a hidden suite may import "reference"; the judge then reports its
      // tests by name and category only, as a learner sees them.
      { file: "tests.hidden.ts", source: exercise.hiddenTests, hidden: true },
    ],
    reference: exercise.solution,
    exerciseId: exercise.id,
    mode: "submit",
    limits: judgeLimitsOf(exercise.limits),
  };
}

function testsJob(exercise: ExerciseForJudge, code: string, tests: string): JudgeJob {
  return {
    code,
    suites: [candidateSuite(tests)],
    reference: exercise.solution,
    exerciseId: exercise.id,
    mode: "submit",
    limits: judgeLimitsOf(exercise.limits),
  };
}

/**
 * A candidate test file runs as a visible suite, so every failure shows its message and trace, unless
 * it imports "reference", which only a hidden suite may: then it runs hidden (names and statuses).
 */
function candidateSuite(source: string): SuiteSource {
  const hidden = /\bfrom\s+["']reference["']/.test(source);
  return { file: hidden ? "tests.hidden.candidate.ts" : "tests.candidate.ts", source, hidden };
}
