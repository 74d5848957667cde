import { z } from "zod";
import { HttpProblem, parseQuery, route } from "@/lib/http/problem";
import { jsonResponse } from "@/lib/http/respond";
import { getSimulationAttempt } from "@/lib/interview/server";
import { protectedRoute } from "@/lib/protection/app-protection";
import { resolveViewer } from "@/lib/auth";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };
const paramsSchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9]+$/, "id must be an attempt id"),
});

/** GET — one of the viewer's simulations with its notes and drawing; 404 for anyone else's. */
const readAttempt = route<Context>(async (request, context) => {
  const { id } = parseQuery(paramsSchema, await context.params);
  const { viewer, headers } = await resolveViewer(request.headers);
  const attempt = viewer ? await getSimulationAttempt(viewer, id) : null;
  if (!attempt) throw new HttpProblem(404, "Unknown attempt");
  return jsonResponse(attempt, { cookies: headers });
});
export const GET = protectedRoute("read", readAttempt);
