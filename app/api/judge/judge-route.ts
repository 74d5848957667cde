import { z } from "zod";
import { HttpProblem } from "@/lib/http/problem";
import { UnknownExerciseError, type JudgePool, type ResultsDocument } from "@/lib/judge";
import { codeSchema, exerciseIdSchema } from "@/lib/progress/schemas";
import { JudgeBusyError } from "@/lib/protection";
import { guardedJudge } from "@/lib/protection/judge-lanes";
import { JudgeLateError } from "@/lib/protection/judge-queue";
import type { Lane } from "@/lib/protection/judge-guard";

// Shared by the judge's route handlers (not a route itself: Next only routes `route.ts`).

export const judgeBodySchema = z.strictObject({ exerciseId: exerciseIdSchema, code: codeSchema });

/**
 * Runs a judge once a worker is free, in the requester's line and lane (lib/protection/judge-guard.ts:
 * a session is needed, a cooldown after a hard-killed judge, caps per session and address); an
 * unknown exercise is a 404, a saturated judge a 503 with Retry-After, anything else thrown
 * becomes the route's 500. `judge` runs on `pool` (undefined: the shared pool); `learner` is the
 * session the route made sure of.
 */
export async function judgeOrProblem(
  request: Request,
  judge: (pool: JudgePool | undefined, lane: Lane) => Promise<ResultsDocument>,
  learner?: string | null,
): Promise<ResultsDocument> {
  try {
    return await guardedJudge(request, judge, learner);
  } catch (error) {
    if (error instanceof UnknownExerciseError) {
      throw new HttpProblem(404, "Unknown exercise", error.message, [
        { field: "exerciseId", reason: "no exercise has this id" },
      ]);
    }
    if (error instanceof JudgeBusyError) {
      const seconds = Math.ceil(error.retryAfterMs / 1000);
      throw new HttpProblem(503, "The judge is busy", error.message, undefined, {
        "retry-after": String(seconds),
      });
    }
    if (error instanceof JudgeLateError) {
      // Not a failure of the learner's: the judge worker still judges and records it (230).
      throw new HttpProblem(504, "Still judging", error.message, undefined, {
        "tradeoff-submission": error.submissionId,
      });
    }
    throw error;
  }
}
