import { assertSameOrigin, readJson, route } from "@/lib/http/problem";
import { jsonResponse } from "@/lib/http/respond";
import { protectedRoute } from "@/lib/protection";
import { judgeSubmission } from "@/lib/judge";
import { recordSubmission, requireLearner } from "@/lib/progress";
import { judgeBodySchema, judgeOrProblem } from "../judge-route";

export const dynamic = "force-dynamic";

/**
 * POST {exerciseId, code} → the results document of the full suite (visible, hidden, differential),
 * judged on the server and recorded in the learner's progress. A learner without a session gets an
 * anonymous one here, as with drafts. Recording is best effort: when the database is unavailable
 * the learner still gets the verdict, and the response says it was not saved.
 */
const submit = route(async (request) => {
  assertSameOrigin(request);
  const { exerciseId, code } = await readJson(request, judgeBodySchema);
  const results = await judgeOrProblem(request, () =>
    judgeSubmission({ exerciseId, code, mode: "submit" }),
  );

  let cookies: Headers | undefined;
  let recorded = false;
  try {
    const learner = await requireLearner(request.headers);
    cookies = learner.headers;
    await recordSubmission(learner.viewer, { exerciseId, code, results });
    recorded = true;
  } catch (error) {
    console.error(`[api] recording a submission of ${exerciseId} failed`, error);
  }
  return jsonResponse(results, {
    cookies,
    headers: { "tradeoff-recorded": recorded ? "true" : "false" },
  });
});
export const POST = protectedRoute("judge", submit);
