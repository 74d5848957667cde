import { assertSameOrigin, readJson, route } from "@/lib/http/problem";
import { jsonResponse } from "@/lib/http/respond";
import { protectedRoute } from "@/lib/protection";
import { judgeSubmission } from "@/lib/judge";
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
  const results = await judgeOrProblem(request, () =>
    judgeSubmission({ exerciseId, code, mode: "run" }),
  );
  return jsonResponse(results);
});
export const POST = protectedRoute("judge", run);
