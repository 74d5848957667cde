import { loadExerciseForJudge, type ExerciseLoadOptions } from "@/lib/content/exercises";
import { env } from "@/lib/env";
import { judgeInSandbox } from "./core/judge-in-sandbox";
import { judgeJob } from "./judge-submission";
import { loadQuickJS, type LoadedQuickJS } from "./node/load-quickjs";
import { openThreadCpuClock, type ThreadCpuClock } from "./node/thread-cpu";
import type { ResultsDocument } from "./results";

export interface ExerciseProof {
  id: string;
  /** True when the starter compiles and fails at least one visible test, and the solution is accepted. */
  ok: boolean;
  problems: string[];
  starter: ResultsDocument;
  solution: ResultsDocument;
}

let shared: Promise<LoadedQuickJS> | undefined;
/** The hidden suites' own module, with JUDGE_HIDDEN_INSTANCE=on (decision 310), as the pool judges. */
let sharedHidden: Promise<LoadedQuickJS> | undefined;
let cpuClock: ThreadCpuClock | null | undefined;

/**
 * Proves an exercise is well made: its starter compiles and fails at least one visible test (a
 * starter that passes teaches nothing), and its solution passes everything, hidden and differential
 * tests included. Runs in this process (the content is ours, not a learner's), so `content:check`
 * needs no worker pool.
 */
export async function proveExercise(
  id: string,
  options: ExerciseLoadOptions = {},
): Promise<ExerciseProof> {
  const exercise = loadExerciseForJudge(id, options);
  shared ??= loadQuickJS();
  const { quickjs } = await shared;
  // Limits on this thread's CPU clock, as in the pool: a loaded machine proves what an idle one does.
  cpuClock ??= openThreadCpuClock() ?? null;
  const cpu = cpuClock ? { cpuNow: cpuClock.now } : {};
  if (env.JUDGE_HIDDEN_INSTANCE === "on") sharedHidden ??= loadQuickJS();
  const hidden = sharedHidden ? { hiddenQuickjs: (await sharedHidden).quickjs } : {};

  const starter = await judgeInSandbox({
    quickjs,
    ...cpu,
    ...judgeJob(exercise, exercise.starter, "run"),
  });
  const solution = await judgeInSandbox({
    quickjs,
    ...cpu,
    ...hidden,
    ...judgeJob(exercise, exercise.solution, "submit"),
  });

  const problems: string[] = [];
  if (starter.verdict === "compile_error") {
    problems.push(`starter.ts does not compile: ${starter.message ?? ""}`);
  } else if (starter.status !== "fail" || !starter.tests.some((t) => t.status !== "pass")) {
    problems.push("starter.ts must fail at least one visible test");
  }
  if (starter.tests.length === 0) problems.push("tests.ts registers no tests");
  if (solution.verdict !== "accepted") {
    const failing = solution.tests.filter((t) => t.status !== "pass").map((t) => t.name);
    problems.push(
      `solution.ts is not accepted (${solution.verdict}): ${solution.message ?? failing.join("; ")}`,
    );
  }
  if (!solution.tests.some((t) => t.hidden)) problems.push("tests.hidden.ts registers no tests");
  return { id, ok: problems.length === 0, problems, starter, solution };
}
