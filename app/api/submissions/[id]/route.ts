import { HttpProblem, route } from "@/lib/http/problem";
import { jsonResponse } from "@/lib/http/respond";
import { protectedRoute } from "@/lib/protection/app-protection";
import { resolveViewer } from "@/lib/auth";
import { getSubmission } from "@/lib/progress/app-progress";
import { submissionIdSchema } from "@/lib/progress/schemas";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/**
 * GET: one submission with its code and results. Someone else's id, a malformed id and a missing
 * one all answer the same 404, so ids cannot be probed.
 */
const readSubmission = route<Context>(async (request, context) => {
  const { id } = await context.params;
  const { viewer, headers } = await resolveViewer(request.headers);
  const parsed = submissionIdSchema.safeParse(id);
  const submission = viewer && parsed.success ? await getSubmission(viewer, parsed.data) : null;
  if (!submission) throw new HttpProblem(404, "No such submission", undefined, undefined, headers);
  return jsonResponse(submission, { cookies: headers });
});
export const GET = protectedRoute("read", readSubmission);
