import { z } from "zod";
import { HttpProblem } from "@/lib/http/problem";
import { UnknownExerciseError, type ResultsDocument } from "@/lib/judge";
import { codeSchema, exerciseIdSchema } from "@/lib/progress/schemas";
import { judgeAdmission, JudgeBusyError, requesterOf } from "@/lib/protection";

// Shared by the judge's route handlers (not a route itself: Next only routes `route.ts`).

export const judgeBodySchema = z.strictObject({ exerciseId: exerciseIdSchema, code: codeSchema });

/**
 * Runs a judge once a worker is free (lib/protection/judge-admission.ts), in the requester's line; an unknown exercise is a
 * 404, a saturated judge a 503 with Retry-After, anything else thrown becomes the route's 500.
 */
export async function judgeOrProblem(
  request: Request,
  judge: () => Promise<ResultsDocument>,
): Promise<ResultsDocument> {
  try {
    return await judgeAdmission().run(judge, requesterOf(request));
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
    throw error;
  }
}
