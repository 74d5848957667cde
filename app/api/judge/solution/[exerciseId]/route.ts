import { z } from "zod";
import { HttpProblem, parseQuery, route } from "@/lib/http/problem";
import { jsonResponse } from "@/lib/http/respond";
import { protectedRoute } from "@/lib/protection/app-protection";
import { loadExerciseForJudge, UnknownExerciseError } from "@/lib/content/exercises";
import { exerciseIdSchema } from "@/lib/progress/schemas";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ exerciseId: string }> };
const paramsSchema = z.strictObject({ exerciseId: exerciseIdSchema });

/**
 * GET → { exerciseId, code }: the reference solution. The exercise page asks for it only after an
 * accepted submission or an explicit "give up", so it is never in the page's HTML or scripts
 * before that (docs/decisions/053-solution-on-request.md). It is not a secret: anyone can read the
 * course's reference limiters; the point is not to spoil the exercise by accident.
 */
const readSolution = route<Context>(async (_request, context) => {
  const { exerciseId } = parseQuery(paramsSchema, await context.params);
  const exercise = findExercise(exerciseId);
  return jsonResponse({ exerciseId, code: exercise.solution });
});
export const GET = protectedRoute("read", readSolution);

function findExercise(exerciseId: string) {
  try {
    return loadExerciseForJudge(exerciseId);
  } catch (error) {
    if (error instanceof UnknownExerciseError) {
      throw new HttpProblem(404, "Unknown exercise", undefined, [
        { field: "exerciseId", reason: "no exercise has this id" },
      ]);
    }
    throw error;
  }
}
