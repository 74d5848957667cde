import { assertSameOrigin, readJson, route } from "@/lib/http/problem";
import { jsonResponse } from "@/lib/http/respond";
import { protectedRoute } from "@/lib/protection";
import { loadExerciseForJudge } from "@/lib/content/exercises";
import { judgeSubmission } from "@/lib/judge";
import { requireLearner } from "@/lib/auth";
import { recordSubmission } from "@/lib/progress";
import { judgeOnQueue, judgeQueueConfigured } from "@/lib/protection/judge-queue";
import { judgeBodySchema, judgeOrProblem } from "../judge-route";

export const dynamic = "force-dynamic";

/**
 * POST {exerciseId, code} → the results document of the full suite (visible, hidden, differential),
 * judged on the server and recorded in the learner's progress. Judging needs a session: a learner
 * without one gets an anonymous one first, as with drafts, and the judge is that session's
 * (docs/decisions/116: caps, cooldowns and lanes per session and address). Recording is best
 * effort: when the database is unavailable the learner still gets the verdict, and the response
 * says it was not saved.
 */
const submit = route(async (request) => {
  assertSameOrigin(request);
  const { exerciseId, code } = await readJson(request, judgeBodySchema);
  const learner = await requireLearner(request.headers).catch((error: unknown) => {
    console.error(`[api] no session for a submission of ${exerciseId}`, error);
    return null;
  });
  const userId = learner?.viewer.userId ?? null;
  if (judgeQueueConfigured()) {
    // A judge worker judges and records it (decision 230): a web instance that dies now loses
    // nothing, the learner finds the submission on reload.
    let recordedThere = false;
    const results = await judgeOrProblem(
      request,
      async (_pool, lane) => {
        loadExerciseForJudge(exerciseId); // an unknown id is a 404 here, not a job
        const judged = await judgeOnQueue({ exerciseId, code, mode: "submit", userId }, lane);
        recordedThere = judged.recorded;
        return judged.document;
      },
      userId,
    );
    return jsonResponse(results, {
      ...(learner ? { cookies: learner.headers } : {}),
      headers: { "tradeoff-recorded": recordedThere ? "true" : "false" },
    });
  }
  const results = await judgeOrProblem(
    request,
    (pool) => judgeSubmission({ exerciseId, code, mode: "submit" }, pool ? { pool } : {}),
    userId,
  );

  let recorded = false;
  try {
    if (learner) {
      await recordSubmission(learner.viewer, { exerciseId, code, results });
      recorded = true;
    }
  } catch (error) {
    console.error(`[api] recording a submission of ${exerciseId} failed`, error);
  }
  return jsonResponse(results, {
    ...(learner ? { cookies: learner.headers } : {}),
    headers: { "tradeoff-recorded": recorded ? "true" : "false" },
  });
});
export const POST = protectedRoute("judge", submit);
