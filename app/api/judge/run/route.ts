import { assertSameOrigin, route } from "@/lib/http/problem";
import { readJson } from "@/lib/http/body";
import { jsonResponse } from "@/lib/http/respond";
import { learnerRoute, type LearnerVisit } from "@/lib/protection/app-protection";
import { judgeSubmissionFor } from "@/lib/protection/guarded-judge";
import { judgedOrProblem } from "@/lib/protection/judge-refusal";
import { judgeBodySchema } from "../judge-route";
import { recordExerciseRun } from "@/lib/progress/app-progress";

export const dynamic = "force-dynamic";

/**
 * POST {exerciseId, code} → the results document of the visible tests only. Run normally happens
 * in the browser's Web Worker; this is the fallback for a browser that cannot start it. Its code
 * and results are not kept (a Run is practice, only Submit gets a verdict), but that it happened
 * is: the exercise shows as attempted, as after a browser Run (POST /api/progress/runs).
 */
const run = route<unknown, [LearnerVisit]>(async (request, _context, visit) => {
  assertSameOrigin(request);
  const { exerciseId, code } = await readJson(request, judgeBodySchema);
  // Judging needs a session, as Submit does (docs/decisions/116).
  const learner = await visit.learner().catch(() => null);
  const { document: results } = judgedOrProblem(
    await judgeSubmissionFor(
      { ip: visit.requester.ip, learner: learner?.viewer.userId ?? null },
      { exerciseId, code, mode: "run" },
      { requireSession: learner !== null },
    ),
  );
  if (learner) await recordExerciseRun(learner.viewer, exerciseId);
  return jsonResponse(results, learner ? { cookies: learner.headers } : {});
});
export const POST = learnerRoute("judge", run);
