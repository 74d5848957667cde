import { assertSameOrigin, route } from "@/lib/http/problem";
import { readJson } from "@/lib/http/body";
import { jsonResponse } from "@/lib/http/respond";
import { judgeInPlayground, playgroundInputSchema } from "@/lib/instructor/playground";
import { requireInstructor } from "@/lib/auth";
import { protectedRoute, type Requester } from "@/lib/protection";
import { admittedJudge } from "@/lib/protection/guarded-judge";
import { judgedOrProblem } from "@/lib/protection/judge-refusal";
import { poolJudge } from "@/lib/traps/sandbox-judge";

/**
 * POST /api/instructor/playground { exerciseId, kind: "solution" | "tests", code }: judges a
 * candidate solution against the exercise's tests, or candidate tests against the reference and the
 * starter, in the judge's worker pool (admitted like any judge, so a busy judge answers 503).
 * Instructors only.
 */
const playground = route<unknown, [Requester]>(async (request, _context, requester) => {
  assertSameOrigin(request);
  await requireInstructor(request.headers);
  const input = await readJson(request, playgroundInputSchema);
  const result = await admittedJudge(requester.key, () => judgeInPlayground(input, poolJudge));
  return jsonResponse(judgedOrProblem(result));
});
export const POST = protectedRoute("judge", playground);
