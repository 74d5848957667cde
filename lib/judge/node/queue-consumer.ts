import { UnrecoverableError, Worker, type Job } from "bullmq";
import type { ResultsDocument } from "../results";
import {
  MAX_STALLS,
  lostJudgeDocument,
  queueNameOf,
  queuedJudgeSchema,
  type QueueLane,
  type QueuedAnswer,
  type QueuedJudge,
} from "./queue-protocol";

// The judge worker's side of the queue (docs/decisions/230): takes jobs from one lane's queue,
// judges them, records them in the database, answers. Everything that must survive the web
// instance's death happens here: the waiting request is only told.

export interface QueueConsumerOptions {
  /** redis:// URL of the queue. */
  url: string;
  prefix: string;
  lane: QueueLane;
  /** Jobs judged at once: the size of the pool `judge` runs on. */
  concurrency: number;
  /** See JUDGE_QUEUE_LOCK_MS: a silent worker's job is taken back after this long. */
  lockMs: number;
  /** Judges one submission (the worker's pool). */
  judge(job: QueuedJudge): Promise<ResultsDocument>;
  /**
   * Stores the submission under `job.submissionId`; must be idempotent (a retry after a crash may
   * record again what was already recorded). Throws while the database is unreachable.
   */
  record(job: QueuedJudge & { userId: string }, document: ResultsDocument): Promise<void>;
  /** The worker's name in the queue (which machine judged what). */
  name?: string;
  log?: (line: string) => void;
}

export interface QueueConsumer {
  /** Finishes the jobs under way (bounded by their deadlines), then disconnects. */
  close(): Promise<void>;
  /** Resolves once the worker listens on the queue. */
  whenReady(): Promise<void>;
}

export function startQueueConsumer(options: QueueConsumerOptions): QueueConsumer {
  const log = options.log ?? (() => {});
  const worker = new Worker<QueuedJudge, QueuedAnswer>(
    queueNameOf(options.lane),
    (job) => processJudge(job, options),
    {
      connection: { url: options.url },
      prefix: options.prefix,
      concurrency: options.concurrency,
      lockDuration: options.lockMs,
      // Taken back within a lock time and a check interval of its worker going silent.
      stalledInterval: options.lockMs,
      maxStalledCount: MAX_STALLS,
      ...(options.name ? { name: options.name } : {}),
    },
  );
  // ioredis reconnects by itself; say so once per outage rather than once per retry.
  let failing = false;
  worker.on("error", (error) => {
    if (!failing) log(`queue connection failed: ${error.message}`);
    failing = true;
  });
  worker.on("ready", () => {
    if (failing) log("queue connection is back");
    failing = false;
  });
  worker.on("failed", (job, error) => {
    if (job) log(`job ${job.id} attempt ${job.attemptsMade} failed: ${error.message}`);
  });
  return {
    close: () => worker.close(),
    whenReady: () => worker.waitUntilReady().then(() => undefined),
  };
}

async function processJudge(
  job: Job<QueuedJudge, QueuedAnswer>,
  options: QueueConsumerOptions,
): Promise<QueuedAnswer> {
  const parsed = queuedJudgeSchema.safeParse(job.data);
  if (!parsed.success) {
    throw new UnrecoverableError(`not a judge job: ${parsed.error.issues[0]?.message ?? "?"}`);
  }
  const data = parsed.data;
  let document = data.document;
  if (!document) {
    // Taken back from silent workers MAX_STALLS times: it was judged once and retried once, and
    // both workers died under it. Report it rather than hand it to a third.
    document =
      job.stalledCounter >= MAX_STALLS ? lostJudgeDocument(data) : await options.judge(data);
    // Kept with the job, so that a retry (the database was down) records without judging again.
    await job.updateData({ ...data, document }).catch(() => undefined);
  }
  const userId = data.userId;
  if (userId === null) return { document, recorded: false };
  try {
    await options.record({ ...data, userId }, document);
    return { document, recorded: true };
  } catch (error) {
    const attempts = job.opts.attempts ?? 1;
    // The last attempt answers with the verdict, saying it was not saved, as the embedded pool
    // does when the database is down: the learner keeps the result on screen.
    if (job.attemptsMade + 1 >= attempts) return { document, recorded: false };
    throw error;
  }
}
