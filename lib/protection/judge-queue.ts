import { randomUUID } from "node:crypto";
import { env } from "@/lib/env";
import type { ResultsDocument } from "@/lib/judge";
import { JudgeQueueClient } from "@/lib/judge/node/judge-queue";
import type { QueueLane } from "@/lib/judge/node/queue-protocol";
import { JudgeBusyError } from "./judge-admission";

// Judging on machines of its own (docs/decisions/230), wired from the environment: with
// JUDGE_QUEUE_URL set, the web instance puts each judge on the queue and the judge workers
// (`npm run judge:worker`) judge and record it. Unset, nothing here is used.

const cache = globalThis as typeof globalThis & { __tradeoffJudgeQueue?: JudgeQueueClient };

/** Is judging done by judge workers through the queue? */
export function judgeQueueConfigured(): boolean {
  return env.JUDGE_QUEUE_URL !== undefined;
}

function judgeQueue(url: string): JudgeQueueClient {
  cache.__tradeoffJudgeQueue ??= new JudgeQueueClient({
    url,
    prefix: env.JUDGE_QUEUE_PREFIX,
    maxWaiting: env.JUDGE_QUEUE_MAX_WAITING,
    startWithinMs: env.JUDGE_MAX_WAIT_MS,
    deadlineMs: env.JUDGE_QUEUE_DEADLINE_MS,
  });
  return cache.__tradeoffJudgeQueue;
}

/** The deadline passed while a worker judged: it will be recorded, the learner is told so. */
export class JudgeLateError extends Error {
  override readonly name = "JudgeLateError";
  constructor(readonly submissionId: string) {
    super(
      "The judge is taking longer than usual. Your submission is still being judged and will " +
        "appear in your submissions when it is done; reload the page in a moment.",
    );
  }
}

export interface QueuedSubmission {
  exerciseId: string;
  code: string;
  mode: "run" | "submit";
  /** The learner to record it for (Submit with a session); null: judged only. */
  userId: string | null;
}

export interface QueueJudgement {
  document: ResultsDocument;
  /** The worker stored it in the learner's submissions. */
  recorded: boolean;
  submissionId: string;
}

/**
 * Judges on a judge worker of `lane`'s queue, recorded there when `userId` is set. Throws
 * JudgeBusyError (503 with Retry-After: the queue is long, nobody started it in time, or the queue
 * is unreachable) and JudgeLateError (the deadline passed; it will still be recorded).
 */
export async function judgeOnQueue(
  submission: QueuedSubmission,
  lane: QueueLane,
): Promise<QueueJudgement> {
  const url = env.JUDGE_QUEUE_URL;
  if (!url) throw new Error("judgeOnQueue() needs JUDGE_QUEUE_URL");
  // A cuid-shaped id (lowercase letters and digits), so the submission's page finds it.
  const submissionId = randomUUID().replaceAll("-", "");
  const outcome = await judgeQueue(url).judge({ submissionId, ...submission }, lane);
  switch (outcome.kind) {
    case "answered":
      return { document: outcome.document, recorded: outcome.recorded, submissionId };
    case "busy":
      throw new JudgeBusyError(outcome.reason, outcome.retryAfterMs);
    case "unreachable":
      throw new JudgeBusyError("unreachable", outcome.retryAfterMs);
    case "late":
      throw new JudgeLateError(submissionId);
  }
}
