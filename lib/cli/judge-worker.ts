/**
 * npm run judge:worker
 *
 * A judge worker process (docs/decisions/230): takes submissions from the judge queue on
 * JUDGE_QUEUE_URL, judges them in its own pool of sandbox threads (JUDGE_WORKER_CONCURRENCY, one
 * per core by default, plus the probation lane's JUDGE_PROBATION_CONCURRENCY), and records each
 * one in the database on DATABASE_URL before answering. Run as many as the machines allow: they
 * share the queue. SIGTERM or Ctrl+C finishes the judges under way, then exits.
 */
import os from "node:os";
import { UnknownExerciseError, loadExerciseForJudge } from "@/lib/content/exercises";
import { getDb } from "@/lib/db";
import { databaseTarget } from "@/lib/db/target";
import { env } from "@/lib/env";
import {
  JudgePool,
  RESULTS_VERSION,
  judgeJob,
  warmupJobs,
  type ResultsDocument,
} from "@/lib/judge";
import { startQueueConsumer, type QueueConsumer } from "@/lib/judge/node/queue-consumer";
import { JUDGE_LANES, type QueuedJudge } from "@/lib/judge/node/queue-protocol";
import { systemWallClock } from "@/lib/time/wall-clock";
import { recordSubmission } from "@/lib/progress/submissions";

const log = (line: string) => console.log(`[judge worker ${process.pid}] ${line}`);

const url = env.JUDGE_QUEUE_URL;
if (!url) {
  console.error(
    "JUDGE_QUEUE_URL is not set: a judge worker takes its submissions from the judge queue " +
      "(redis://host:port). Without a queue, `npm start` judges in its own worker pool.",
  );
  process.exit(2);
}

const sizes = {
  main: env.JUDGE_WORKER_CONCURRENCY ?? Math.max(1, os.availableParallelism()),
  probation: env.JUDGE_PROBATION_CONCURRENCY,
};
const started = performance.now();
const warmup = warmupJobs();
const pools = {
  main: new JudgePool({ size: sizes.main, warmup }),
  probation: new JudgePool({ size: sizes.probation, warmup }),
};
await Promise.all([pools.main.whenReady(), pools.probation.whenReady()]);

const deps = { db: getDb(), clock: systemWallClock };

const consumers: QueueConsumer[] = JUDGE_LANES.map((lane) =>
  startQueueConsumer({
    url,
    prefix: env.JUDGE_QUEUE_PREFIX,
    lane,
    concurrency: sizes[lane],
    lockMs: env.JUDGE_QUEUE_LOCK_MS,
    name: `${os.hostname()}:${process.pid}`,
    judge: (job) => judge(pools[lane], job),
    record: async (job, document) => {
      await recordSubmission(
        deps,
        { userId: job.userId, role: "learner", anonymous: false },
        { exerciseId: job.exerciseId, code: job.code, results: document },
        { id: job.submissionId },
      );
    },
    log: (line) => log(`${lane}: ${line}`),
  }),
);
await Promise.all(consumers.map((consumer) => consumer.whenReady()));
log(
  `ready in ${Math.round(performance.now() - started)} ms: ${sizes.main} judge thread(s) ` +
    `+ ${sizes.probation} for probation, queue ${redact(url)} under "${env.JUDGE_QUEUE_PREFIX}", ` +
    `recording to ${databaseTarget(env.DATABASE_URL).provider}`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  log("stopping: finishing the judges under way");
  await Promise.all(consumers.map((consumer) => consumer.close()));
  await Promise.all([pools.main.close(), pools.probation.close()]);
  await deps.db.$disconnect();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());

async function judge(pool: JudgePool, job: QueuedJudge): Promise<ResultsDocument> {
  try {
    const exercise = loadExerciseForJudge(job.exerciseId);
    return await pool.judge(judgeJob(exercise, job.code, job.mode));
  } catch (error) {
    if (!(error instanceof UnknownExerciseError)) throw error;
    // The web instance checked the id: this worker runs other content (a deploy under way).
    return {
      version: RESULTS_VERSION,
      exerciseId: job.exerciseId,
      mode: job.mode,
      status: "error",
      verdict: "runtime_error",
      message:
        "This exercise is not known to the judge right now, so nothing was judged. Try again.",
      resources: { wallMs: 0 },
      tests: [],
    };
  }
}

function redact(value: string): string {
  return value.replace(/\/\/([^:@/]*):[^@/]+@/, "//$1:***@");
}
