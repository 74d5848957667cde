import { assertSameOrigin, route } from "@/lib/http/problem";
import { readJson } from "@/lib/http/body";
import { jsonResponse } from "@/lib/http/respond";
import { learnerRoute, type LearnerVisit } from "@/lib/protection/app-protection";
import { judgeSubmissionFor } from "@/lib/protection/guarded-judge";
import { judgedOrProblem } from "@/lib/protection/judge-refusal";
import { recordSubmission } from "@/lib/progress/app-progress";
import { judgeBodySchema } from "../judge-route";

export const dynamic = "force-dynamic";

/**
 * POST {exerciseId, code} → the results document of the full suite (visible, hidden, differential),
 * judged on the server and recorded in the learner's progress. Judging needs a session: a learner
 * without one gets an anonymous one first, as with drafts, and the judge is that session's
 * (docs/decisions/116: caps, cooldowns and lanes per session and address). Recording is best
 * effort: when the database is unavailable the learner still gets the verdict, and the response
 * says it was not saved.
 */
const submit = route<unknown, [LearnerVisit]>(async (request, _context, visit) => {
  assertSameOrigin(request);
  const { exerciseId, code } = await readJson(request, judgeBodySchema);
  const learner = await visit.learner().catch((error: unknown) => {
    console.error(`[api] no session for a submission of ${exerciseId}`, error);
    return null;
  });
  const { document: results, worker } = judgedOrProblem(
    await judgeSubmissionFor(
      { ip: visit.requester.ip, learner: learner?.viewer.userId ?? null },
      { exerciseId, code, mode: "submit" },
      { requireSession: learner !== null },
    ),
  );

  // A judge worker records what it judged (230): a web instance that dies now loses nothing, the
  // learner finds the submission on reload.
  let recorded = worker?.recorded ?? false;
  try {
    if (learner && !worker) {
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
export const POST = learnerRoute("judge", submit);
