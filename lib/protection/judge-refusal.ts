import { UnknownExerciseError } from "@/lib/content/exercises";
import { HttpProblem } from "@/lib/http/problem";
import { JudgeBusyError } from "./judge-admission";
import { JudgeRefusedError, type GuardRefusalReason } from "./judge-guard";
import { JudgeLateError } from "./judge-queue";

/** Why a judge was not run: what the guarded judge returns instead of a results document. */
export interface JudgeRefusal {
  reason: "unknown-exercise" | "busy" | "late" | GuardRefusalReason;
  title: string;
  /** For the learner, as it is. */
  message: string;
  retryAfterMs?: number;
  /** "late": the submission a judge worker is still judging, and will record (230). */
  submissionId?: string;
}

/** A judge's result: its document, or why it was not run. */
export type GuardedJudgeResult<T> =
  { judged: true; document: T } | { judged: false; refusal: JudgeRefusal };

/** The refusal an error thrown on the way to the judge stands for; null: a real failure. */
export function refusalOf(error: unknown): JudgeRefusal | null {
  if (error instanceof UnknownExerciseError) {
    return { reason: "unknown-exercise", title: "Unknown exercise", message: error.message };
  }
  if (error instanceof JudgeBusyError) {
    const { message, retryAfterMs } = error;
    return { reason: "busy", title: "The judge is busy", message, retryAfterMs };
  }
  if (error instanceof JudgeLateError) {
    // Not a failure of the learner's: the judge worker still judges and records it (230).
    const { message, submissionId } = error;
    return { reason: "late", title: "Still judging", message, submissionId };
  }
  if (error instanceof JudgeRefusedError) {
    const { reason, title, message, retryAfterMs } = error;
    return { reason, title, message, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  }
  return null;
}

const STATUS: Record<JudgeRefusal["reason"], number> = {
  "unknown-exercise": 404,
  busy: 503,
  late: 504,
  "no-session": 401,
  paused: 429,
  "too-many-at-once": 429,
};

/**
 * The one place a refused judge becomes HTTP: an unknown exercise is a 404 naming the field, a
 * saturated judge a 503, a judge past the queue's deadline a 504 naming the submission, no session
 * a 401, a cooldown or a full share a 429; Retry-After in whole seconds whenever waiting helps.
 */
export function refusalProblem(refusal: JudgeRefusal): HttpProblem {
  const errors =
    refusal.reason === "unknown-exercise"
      ? [{ field: "exerciseId", reason: "no exercise has this id" }]
      : undefined;
  const headers: Record<string, string> = {};
  if (refusal.retryAfterMs !== undefined) {
    headers["retry-after"] = String(Math.ceil(refusal.retryAfterMs / 1000));
  }
  if (refusal.submissionId !== undefined) headers["tradeoff-submission"] = refusal.submissionId;
  const hasHeaders = Object.keys(headers).length > 0;
  return new HttpProblem(
    STATUS[refusal.reason],
    refusal.title,
    refusal.message,
    errors,
    hasHeaders ? headers : undefined,
  );
}

/** The results document of a judge that ran; otherwise throws its problem (inside a `route`). */
export function judgedOrProblem<T>(result: GuardedJudgeResult<T>): T {
  if (result.judged) return result.document;
  throw refusalProblem(result.refusal);
}
