import { assertSameOrigin, readJson, route } from "@/lib/http/problem";
import { jsonResponse } from "@/lib/http/respond";
import { protectedRoute } from "@/lib/protection";
import { judgeSubmission } from "@/lib/judge";
import { requireLearner } from "@/lib/auth";
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
    (pool) => judgeSubmission({ exerciseId, code, mode: "run" }, pool ? { pool } : {}),
    learner?.viewer.userId ?? null,
  );
  return jsonResponse(results, learner ? { cookies: learner.headers } : {});
});
export const POST = protectedRoute("judge", run);
