import { Queue, QueueEvents } from "bullmq";
import type { ResultsDocument } from "../results";
import {
  JUDGE_LANES,
  queueNameOf,
  queuedAnswerSchema,
  type QueueLane,
  type QueuedJudge,
} from "./queue-protocol";

// The web instance's side of the judge queue (docs/decisions/230): puts a submission on its lane's
// queue and waits for a judge worker's answer, within limits. The worker records the submission,
// so a web instance that dies while it waits loses nothing.

export interface JudgeQueueClientOptions {
  url: string;
  prefix: string;
  /** Jobs waiting in a lane beyond which a judge is refused at once. */
  maxWaiting: number;
  /** A job no worker has started after this long is withdrawn (503, as the embedded pool does). */
  startWithinMs: number;
  /** How long to wait for the answer once the job is in the queue. */
  deadlineMs: number;
  /** Bounds each queue command, so that an unreachable Redis is a quick 503, not a hang. */
  commandTimeoutMs?: number;
  /** Reads the job's state this often, in case the completion event was missed (reconnects). */
  pollMs?: number;
}

export type QueueOutcome =
  | { kind: "answered"; document: ResultsDocument; recorded: boolean }
  /** Refused before judging: the queue is long, or the job waited too long and was withdrawn. */
  | { kind: "busy"; reason: "queue-full" | "waited-too-long"; retryAfterMs: number }
  /** The queue could not be reached: nothing was judged (or, rarely, it was and got recorded). */
  | { kind: "unreachable"; retryAfterMs: number }
  /** The deadline passed while a worker had the job: it will still be judged and recorded. */
  | { kind: "late" };

type Settle = (answer: { returnvalue?: unknown; failedReason?: string }) => void;

/** How long a queue command may take before the queue counts as unreachable. */
const DEFAULT_COMMAND_TIMEOUT_MS = 2_000;

export class JudgeQueueClient {
  private readonly queues = new Map<QueueLane, Queue>();
  private readonly events = new Map<QueueLane, QueueEvents>();
  private readonly waiters = new Map<string, Settle>();
  /** A moving average of the time from enqueue to answer, for Retry-After. */
  private averageMs = 1_000;

  constructor(private readonly options: JudgeQueueClientOptions) {
    for (const lane of JUDGE_LANES) {
      const queue = new Queue(queueNameOf(lane), {
        // Fail fast while Redis is away: the route answers 503 rather than holding the request.
        connection: { url: options.url, maxRetriesPerRequest: 1, enableOfflineQueue: false },
        prefix: options.prefix,
      });
      queue.on("error", () => {});
      const events = new QueueEvents(queueNameOf(lane), {
        connection: { url: options.url },
        prefix: options.prefix,
      });
      events.on("error", () => {});
      events.on("completed", ({ jobId, returnvalue }) => this.settle(jobId, { returnvalue }));
      events.on("failed", ({ jobId, failedReason }) => this.settle(jobId, { failedReason }));
      this.queues.set(lane, queue);
      this.events.set(lane, events);
    }
  }

  /**
   * Judges `job` on a worker of `lane`'s queue. Throws only for a job the worker refused outright
   * (a defect: the route's 500); everything the learner can meet is an outcome.
   */
  async judge(job: Omit<QueuedJudge, "document">, lane: QueueLane): Promise<QueueOutcome> {
    const queue = this.queues.get(lane)!;
    const timeout = this.options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    let waiting: number;
    try {
      waiting = await within(queue.getWaitingCount(), timeout);
    } catch {
      return { kind: "unreachable", retryAfterMs: 5_000 };
    }
    if (waiting >= this.options.maxWaiting) {
      return { kind: "busy", reason: "queue-full", retryAfterMs: await this.retryAfter(queue) };
    }
    const id = job.submissionId;
    const answered = new Promise<{ returnvalue?: unknown; failedReason?: string }>((resolve) =>
      this.waiters.set(id, resolve),
    );
    const started = performance.now();
    try {
      try {
        await within(
          queue.add("judge", job, {
            jobId: id,
            // A failed attempt is a recording the database refused; the judge is not run again.
            attempts: 6,
            backoff: { type: "exponential", delay: 500 },
            removeOnComplete: { age: 3_600, count: 10_000 },
            removeOnFail: { age: 24 * 3_600 },
          }),
          timeout,
        );
      } catch {
        return { kind: "unreachable", retryAfterMs: 5_000 };
      }
      const outcome = await this.waitForAnswer(queue, id, answered);
      if (outcome.kind === "answered") {
        this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      }
      return outcome;
    } finally {
      this.waiters.delete(id);
    }
  }

  async close(): Promise<void> {
    await Promise.all([
      ...[...this.events.values()].map((events) => events.close()),
      ...[...this.queues.values()].map((queue) => queue.close()),
    ]);
  }

  /** Jobs waiting and running per lane (tests, the worker's banner). */
  async counts(lane: QueueLane) {
    return this.queues.get(lane)!.getJobCounts("waiting", "active", "completed", "failed");
  }

  private settle(jobId: string, answer: { returnvalue?: unknown; failedReason?: string }) {
    this.waiters.get(jobId)?.(answer);
  }

  private async waitForAnswer(
    queue: Queue,
    id: string,
    answered: Promise<{ returnvalue?: unknown; failedReason?: string }>,
  ): Promise<QueueOutcome> {
    const { startWithinMs, deadlineMs } = this.options;
    const pollMs = this.options.pollMs ?? 1_000;
    const timers: NodeJS.Timeout[] = [];
    const timer = (ms: number) =>
      new Promise<"timer">((resolve) => timers.push(setTimeout(() => resolve("timer"), ms)));
    try {
      const deadline = timer(deadlineMs);
      let withdrawAt: Promise<"timer"> | null = timer(Math.min(startWithinMs, deadlineMs));
      for (;;) {
        const next = await Promise.race([
          answered.then((answer) => ({ answer })),
          deadline.then(() => "deadline" as const),
          ...(withdrawAt ? [withdrawAt.then(() => "withdraw" as const)] : []),
          timer(pollMs).then(() => "poll" as const),
        ]);
        if (next === "deadline") return { kind: "late" };
        if (next === "withdraw") {
          withdrawAt = null;
          // remove() refuses a job a worker holds: only one nobody started is withdrawn.
          const state = await queue.getJobState(id).catch(() => "unknown");
          if (state === "waiting" && (await queue.remove(id).catch(() => 0)) === 1) {
            return {
              kind: "busy",
              reason: "waited-too-long",
              retryAfterMs: await this.retryAfter(queue),
            };
          }
          continue;
        }
        if (next === "poll") {
          const job = await queue.getJob(id).catch(() => undefined);
          if (job?.finishedOn) {
            return this.answerOf({
              returnvalue: job.returnvalue,
              ...(job.failedReason ? { failedReason: job.failedReason } : {}),
            });
          }
          continue;
        }
        return this.answerOf(next.answer);
      }
    } finally {
      for (const t of timers) clearTimeout(t);
    }
  }

  private answerOf(answer: { returnvalue?: unknown; failedReason?: string }): QueueOutcome {
    const value =
      typeof answer.returnvalue === "string" ? safeJson(answer.returnvalue) : answer.returnvalue;
    const parsed = queuedAnswerSchema.safeParse(value);
    if (parsed.success) return { kind: "answered", ...parsed.data };
    throw new Error(`the judge worker failed the job: ${answer.failedReason ?? "no answer"}`);
  }

  private async retryAfter(queue: Queue): Promise<number> {
    const [waiting, workers] = await Promise.all([
      queue.getWaitingCount().catch(() => this.options.maxWaiting),
      queue.getWorkersCount().catch(() => 1),
    ]);
    return Math.max(1_000, Math.ceil((waiting / Math.max(1, workers)) * this.averageMs));
  }
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from the queue in ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
