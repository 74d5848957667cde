import { z } from "zod";
import { assertSameOrigin, parseQuery, route } from "@/lib/http/problem";
import { readJson } from "@/lib/http/body";
import { emptyResponse, jsonResponse } from "@/lib/http/respond";
import { protectedRoute } from "@/lib/protection/app-protection";
import { requireLearner, resolveViewer } from "@/lib/auth";
import { draftBodySchema, exerciseIdSchema } from "@/lib/progress/schemas";
import { getDraft, saveDraft } from "@/lib/progress/app-progress";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ exerciseId: string }> };
const paramsSchema = z.strictObject({ exerciseId: exerciseIdSchema });

/**
 * GET: the viewer's draft {exerciseId, code, updatedAt}, or 204 when there is none yet: an editor
 * opened for the first time is not an error (a 404 would also land in the browser console).
 */
const readDraft = route<Context>(async (request, context) => {
  const { exerciseId } = parseQuery(paramsSchema, await context.params);
  const { viewer, headers } = await resolveViewer(request.headers);
  const draft = viewer ? await getDraft(viewer, exerciseId) : null;
  if (!draft) return emptyResponse(headers);
  return jsonResponse(draft, { cookies: headers });
});
export const GET = protectedRoute("read", readDraft);

/** PUT {code}: autosave (the editor debounces); creates the anonymous learner on first save. */
const saveDraftRoute = route<Context>(async (request, context) => {
  assertSameOrigin(request);
  const { exerciseId } = parseQuery(paramsSchema, await context.params);
  const { code } = await readJson(request, draftBodySchema);
  const { viewer, headers } = await requireLearner(request.headers);
  const draft = await saveDraft(viewer, exerciseId, code);
  return jsonResponse({ exerciseId, updatedAt: draft.updatedAt }, { cookies: headers });
});
export const PUT = protectedRoute("write", saveDraftRoute);
