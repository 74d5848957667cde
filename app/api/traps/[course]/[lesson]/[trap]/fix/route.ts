import { z } from "zod";
import { assertSameOrigin, parseQuery, route } from "@/lib/http/problem";
import { readJson } from "@/lib/http/body";
import { jsonResponse } from "@/lib/http/respond";
import { learnerRoute, type LearnerVisit } from "@/lib/protection/app-protection";
import { codeSchema } from "@/lib/progress/schemas";
import { submitFix } from "@/lib/traps";
import { requireTrap, trapDeps, trapParamsSchema, type TrapParams } from "../../../../trap-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<TrapParams> };

const bodySchema = z.strictObject({ code: codeSchema });

/**
 * POST {code} — judges a fix with the trap's tests (like an exercise's Submit), replays the scenario
 * against it, and records the verdict. → {results, run, accepted, reference}
 */
const submitFixRoute = route<Context, [LearnerVisit]>(async (request, context, visit) => {
  assertSameOrigin(request);
  const params = parseQuery(trapParamsSchema, await context.params);
  const { code } = await readJson(request, bodySchema);
  const trap = requireTrap(params);
  const { viewer, headers } = await visit.learner();
  const result = await submitFix(trap, code, trapDeps(viewer, trap, visit.requester));
  return jsonResponse(result, { cookies: headers });
});
export const POST = learnerRoute("judge", submitFixRoute);
