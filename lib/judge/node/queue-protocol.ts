import { z } from "zod";
import { RESULTS_VERSION, resultsDocumentSchema, type ResultsDocument } from "../results";

// What travels through the judge queue (docs/decisions/230-judge-queue-bullmq.md): the web instance
// puts a submission on it, a judge worker process takes it, judges it, records it and answers. Both
// ends parse what they read with these schemas, because either may run another version of the code.

/** The queue of learners in good standing, and the probation lane's queue (decision 116). */
export const JUDGE_LANES = ["main", "probation"] as const;
export type QueueLane = (typeof JUDGE_LANES)[number];

/** BullMQ queue names, one per lane: each has workers of its own, as the in-process lanes do. */
export function queueNameOf(lane: QueueLane): string {
  return `judge-${lane}`;
}

export const queuedJudgeSchema = z.strictObject({
  /** Chosen by the web instance; also the job's id and the stored submission's id (idempotence). */
  submissionId: z.string().min(8).max(64),
  /** The learner to record the submission for; null: not recorded (Run, or no session). */
  userId: z.string().min(1).max(200).nullable(),
  exerciseId: z.string().min(1).max(200),
  code: z.string().max(200_000),
  mode: z.enum(["run", "submit"]),
  /** Set by the worker once judged, so that a retry (the database was down) does not judge again. */
  document: resultsDocumentSchema.optional(),
});
export type QueuedJudge = z.infer<typeof queuedJudgeSchema>;

export const queuedAnswerSchema = z.strictObject({
  document: resultsDocumentSchema,
  /** The submission is in the database under `submissionId`. */
  recorded: z.boolean(),
});
export type QueuedAnswer = z.infer<typeof queuedAnswerSchema>;

/**
 * How many times a job may be taken back from a worker that went silent (killed, machine gone)
 * and put back in the queue. The start after the last of those does not judge: it records the
 * lost-judge document instead, so a submission that keeps killing its workers ends as an error
 * verdict, never in a loop and never lost.
 */
export const MAX_STALLS = 2;

/**
 * The job ran MAX_STALLS times without its worker answering: judged once, retried once on another
 * worker (the first start and its retry), and now reported for the learner.
 */
export function lostJudgeDocument(job: Pick<QueuedJudge, "exerciseId" | "mode">): ResultsDocument {
  return {
    version: RESULTS_VERSION,
    exerciseId: job.exerciseId,
    mode: job.mode,
    status: "error",
    verdict: "runtime_error",
    message:
      "The machine judging this submission stopped before it answered, and so did the one that " +
      "tried again, so it was not judged. Submit it again; if this keeps happening, the code may " +
      "be crashing the judge.",
    resources: { wallMs: 0 },
    tests: [],
  };
}
