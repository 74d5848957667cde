import { UnknownExerciseError } from "@/lib/content/exercises";
import { assertSameOrigin, HttpProblem, readJson, route } from "@/lib/http/problem";
import { jsonResponse } from "@/lib/http/respond";
import { judgeInPlayground, playgroundInputSchema } from "@/lib/instructor/playground";
import { requireInstructor } from "@/lib/auth";
import { judgeAdmission, JudgeBusyError, protectedRoute, requesterOf } from "@/lib/protection";
import { poolJudge } from "@/lib/traps/sandbox-judge";

/**
 * POST /api/instructor/playground { exerciseId, kind: "solution" | "tests", code }: judges a
 * candidate solution against the exercise's tests, or candidate tests against the reference and the
 * starter, in the judge's worker pool (admitted like any judge, so a busy judge answers 503).
 * Instructors only.
 */
const playground = route(async (request) => {
  assertSameOrigin(request);
  await requireInstructor(request.headers);
  const input = await readJson(request, playgroundInputSchema);
  try {
    return jsonResponse(
      await judgeAdmission().run(() => judgeInPlayground(input, poolJudge), requesterOf(request)),
    );
  } catch (error) {
    if (error instanceof UnknownExerciseError) {
      throw new HttpProblem(404, "Unknown exercise", error.message, [
        { field: "exerciseId", reason: "no exercise has this id" },
      ]);
    }
    if (error instanceof JudgeBusyError) {
      throw new HttpProblem(503, "The judge is busy", error.message, undefined, {
        "retry-after": String(Math.ceil(error.retryAfterMs / 1000)),
      });
    }
    throw error;
  }
});
export const POST = protectedRoute("judge", playground);
