import { assertSameOrigin, readJson, route } from "@/lib/http/problem";
import { jsonResponse } from "@/lib/http/respond";
import { protectedRoute } from "@/lib/protection";
import { requireLearner } from "@/lib/auth";
import { loadExerciseForJudge } from "@/lib/content/exercises";
import { judgeSubmission, type JudgePool } from "@/lib/judge";
import type { Lane } from "@/lib/protection/judge-guard";
import { judgeOnQueue, judgeQueueConfigured } from "@/lib/protection/judge-queue";
import { judgeBodySchema, judgeOrProblem } from "../judge-route";

export const dynamic = "force-dynamic";

/**
 * POST {exerciseId, code} → the results document of the visible tests only. Run normally happens
 * in the browser's Web Worker; this is the fallback for a browser that cannot start it. Not
 * recorded: a Run is practice, only Submit counts.
 */
const run = route(async (request) => {
  assertSameOrigin(request);
  const { exerciseId, code } = await readJson(request, judgeBodySchema);
  // Judging needs a session, as Submit does (docs/decisions/116).
  const learner = await requireLearner(request.headers).catch(() => null);
  const results = await judgeOrProblem(
    request,
    (pool, lane) => judgeRun(exerciseId, code, pool, lane),
    learner?.viewer.userId ?? null,
  );
  return jsonResponse(results, learner ? { cookies: learner.headers } : {});
});
export const POST = protectedRoute("judge", run);

/** In the lane's pool, or with the judge queue on a judge worker (decision 230), not recorded. */
async function judgeRun(exerciseId: string, code: string, pool: JudgePool | undefined, lane: Lane) {
  if (!judgeQueueConfigured()) {
    return judgeSubmission({ exerciseId, code, mode: "run" }, pool ? { pool } : {});
  }
  loadExerciseForJudge(exerciseId); // an unknown id is a 404 here, before any job is made
  const judged = await judgeOnQueue({ exerciseId, code, mode: "run", userId: null }, lane);
  return judged.document;
}
