import { assertSameOrigin, route } from "@/lib/http/problem";
import { readJson } from "@/lib/http/body";
import { jsonResponse } from "@/lib/http/respond";
import { judgeInPlayground, playgroundInputSchema } from "@/lib/instructor/playground";
import { requireInstructor } from "@/lib/auth";
import { protectedRoute } from "@/lib/protection/app-protection";
import type { Requester } from "@/lib/protection/protection";
import { guardedJobs } from "@/lib/protection/guarded-judge";
import { judgedOrProblem } from "@/lib/protection/judge-refusal";

/**
 * POST /api/instructor/playground { exerciseId, kind: "solution" | "tests", code }: judges a
 * candidate solution against the exercise's tests, or candidate tests against the reference and the
 * starter, on the judge's workers behind the judge guard like Submit (caps per session and address,
 * a cooldown after a hard kill: 429; a busy judge: 503). Instructors only.
 */
const playground = route<unknown, [Requester]>(async (request, _context, requester) => {
  assertSameOrigin(request);
  const instructor = await requireInstructor(request.headers);
  const input = await readJson(request, playgroundInputSchema);
  const result = await guardedJobs({ learner: instructor.userId, ip: requester.ip }, (judge) =>
    judgeInPlayground(input, judge),
  );
  return jsonResponse(judgedOrProblem(result));
});
export const POST = protectedRoute("judge", playground);
