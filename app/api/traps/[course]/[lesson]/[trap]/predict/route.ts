import { z } from "zod";
import { assertSameOrigin, HttpProblem, parseQuery, route } from "@/lib/http/problem";
import { readJson } from "@/lib/http/body";
import { jsonResponse } from "@/lib/http/respond";
import { learnerRoute, type LearnerVisit } from "@/lib/protection/app-protection";
import { predictionAnswerProblem, predictionAnswerSchema, predictTrap } from "@/lib/traps";
import { requireTrap, trapDeps, trapParamsSchema, type TrapParams } from "../../../../trap-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<TrapParams> };

const bodySchema = z.strictObject({ answer: predictionAnswerSchema });

/**
 * POST {answer} — the learner's prediction (a choice index or a number), recorded before anything
 * runs; then the flawed snippet runs against the trap's scenario in the sandbox. A wrong prediction
 * brings the trap's review card forward. → {answer, correct, expected, run, cardDue}
 */
const predict = route<Context, [LearnerVisit]>(async (request, context, visit) => {
  assertSameOrigin(request);
  const params = parseQuery(trapParamsSchema, await context.params);
  const { answer } = await readJson(request, bodySchema);
  const trap = requireTrap(params);
  const problem = predictionAnswerProblem(trap.prediction, answer);
  if (problem) {
    throw new HttpProblem(422, "The request body is invalid", undefined, [
      { field: "answer", reason: problem },
    ]);
  }
  const { viewer, headers } = await visit.learner();
  const result = await predictTrap(trap, answer, trapDeps(viewer, trap, visit.requester));
  return jsonResponse(result, { cookies: headers });
});
export const POST = learnerRoute("judge", predict);
