/**
 * npm run bench:judge-instances [-- --runs 8 --exercises fixed-window,gcra]
 *
 * Each exercise's reference judged as a pool worker judges it (kept sandboxes, the reference's
 * answers replayed), in this one thread, with the hidden suites in the learner's instance and in
 * their own (decisions 265, 310, 410), judges of the two modes alternating so load hits both alike:
 * CPU ms per judge (this thread's) and the relay's crossings per judge. Figures, not assertions.
 */
import { parseArgs } from "node:util";
import { cpuUsage } from "node:process";
import { listExercises, loadExerciseForJudge } from "@/lib/content/exercises";
import { judgeJob } from "@/lib/judge";
import {
  ReferenceAnswerCache,
  judgeWithReferenceAnswers,
} from "@/lib/judge/core/reference-answers";
import { RelayLink } from "@/lib/judge/core/relay/relay-link";
import { loadQuickJS } from "@/lib/judge/node/load-quickjs";
import { WorkerSandbox } from "@/lib/judge/node/worker-sandbox";
import type { JudgeJob } from "@/lib/judge/node/protocol";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "8" },
    exercises: { type: "string", default: "" },
  },
});
const RUNS = Number(values.runs);
const only = values.exercises ? new Set(values.exercises.split(",")) : undefined;

const learner = await WorkerSandbox.load(loadQuickJS, { keep: true });
const hidden = await WorkerSandbox.load(loadQuickJS, {
  keep: true,
  prepareKept: RelayLink.prepareHidden,
});
await import("fast-check");
const answers = { one: new ReferenceAnswerCache(), two: new ReferenceAnswerCache() };

async function judgeOnce(job: JudgeJob, two: boolean) {
  const document = await judgeWithReferenceAnswers(
    {
      quickjs: learner.quickjs,
      ...job,
      prepared: learner.prepared,
      scrubber: learner.scrubber,
      ...(two ? { hiddenQuickjs: hidden.quickjs, preparedHidden: hidden.prepared } : {}),
    },
    two ? answers.two : answers.one,
    { afterRecording: () => learner.erase() },
  );
  learner.erase();
  if (hidden.used) hidden.erase();
  return document;
}

const cpuMs = () => {
  const { user, system } = cpuUsage();
  return (user + system) / 1000;
};

console.log(`bench:judge-instances, ${RUNS} judges per exercise and mode, one thread`);
const totals = { one: 0, two: 0, crossings: 0, judges: 0 };
for (const ref of listExercises()) {
  if (only && !only.has(ref.id)) continue;
  const exercise = loadExerciseForJudge(ref.id);
  const job = judgeJob(exercise, exercise.solution, "submit");
  // Warm both modes: records the reference's answers, compiles the paths.
  for (const two of [false, true, false, true]) await judgeOnce(job, two);
  const spent = { one: 0, two: 0, crossings: 0 };
  const verdicts = new Set<string>();
  for (let i = 0; i < RUNS; i++) {
    for (const two of [false, true]) {
      const crossings = RelayLink.crossings;
      const started = cpuMs();
      const document = await judgeOnce(job, two);
      spent[two ? "two" : "one"] += cpuMs() - started;
      if (two) spent.crossings += RelayLink.crossings - crossings;
      verdicts.add(`${two ? "two" : "one"}:${document.verdict}`);
    }
  }
  totals.one += spent.one;
  totals.two += spent.two;
  totals.crossings += spent.crossings;
  totals.judges += RUNS;
  const one = spent.one / RUNS;
  const two = spent.two / RUNS;
  console.log(
    `  ${ref.id.padEnd(26)} one ${one.toFixed(1).padStart(6)} ms   two ${two.toFixed(1).padStart(6)} ms` +
      `   ${((two / one - 1) * 100).toFixed(0).padStart(4)}%   ${(spent.crossings / RUNS).toFixed(0).padStart(6)} crossings` +
      `   ${[...verdicts].join(" ")}`,
  );
}
const one = totals.one / totals.judges;
const two = totals.two / totals.judges;
console.log(
  `  ${"all".padEnd(26)} one ${one.toFixed(1).padStart(6)} ms   two ${two.toFixed(1).padStart(6)} ms` +
    `   ${((two / one - 1) * 100).toFixed(0).padStart(4)}%   ${(totals.crossings / totals.judges).toFixed(0).padStart(6)} crossings`,
);
