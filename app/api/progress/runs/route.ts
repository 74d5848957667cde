import { z } from "zod";
import { loadCatalog } from "@/lib/content/loader";
import { readJson } from "@/lib/http/body";
import { assertSameOrigin, HttpProblem, route } from "@/lib/http/problem";
import { jsonResponse } from "@/lib/http/respond";
import { protectedRoute } from "@/lib/protection/app-protection";
import { requireLearner } from "@/lib/auth";
import { exerciseIdSchema } from "@/lib/progress/schemas";
import { recordExerciseRun } from "@/lib/progress/app-progress";

export const dynamic = "force-dynamic";

const bodySchema = z.strictObject({ exerciseId: exerciseIdSchema });

// The content is fixed for the life of a server: the ids a Run may name, read once.
let exerciseIds: ReadonlySet<string> | null = null;
const knownExercises = () =>
  (exerciseIds ??= new Set(
    loadCatalog().courses.flatMap((course) =>
      course.lessons.flatMap((lesson) => lesson.exercises.map((exercise) => exercise.slug)),
    ),
  ));

/**
 * POST {exerciseId}: the learner ran the exercise's visible tests in the browser, so it shows as
 * attempted. Creates the anonymous learner on the first write, as a draft does. One row per learner
 * and exercise (a counter), under the write class's rate limit; the browser sends one per page view.
 */
const recordRun = route(async (request) => {
  assertSameOrigin(request);
  const { exerciseId } = await readJson(request, bodySchema);
  if (!knownExercises().has(exerciseId)) {
    throw new HttpProblem(404, "Unknown exercise", `no exercise has the id "${exerciseId}"`, [
      { field: "exerciseId", reason: "no exercise has this id" },
    ]);
  }
  const { viewer, headers } = await requireLearner(request.headers);
  const run = await recordExerciseRun(viewer, exerciseId);
  return jsonResponse({ exerciseId, ...run }, { cookies: headers });
});
export const POST = protectedRoute("write", recordRun);
