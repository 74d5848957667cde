import { z } from "zod";
import { parseQuery, route, searchParams } from "@/lib/http/problem";
import { jsonResponse } from "@/lib/http/respond";
import { protectedRoute } from "@/lib/protection/app-protection";
import { resolveViewer } from "@/lib/auth";
import { exerciseIdSchema } from "@/lib/progress/schemas";
import { listSubmissions } from "@/lib/progress/app-progress";

export const dynamic = "force-dynamic";

const querySchema = z.strictObject({ exercise: exerciseIdSchema });

/** GET ?exercise=<id>: the viewer's submissions of one exercise, newest first (no code). */
const list = route(async (request) => {
  const { exercise } = parseQuery(querySchema, searchParams(request));
  const { viewer, headers } = await resolveViewer(request.headers);
  const submissions = viewer ? await listSubmissions(viewer, exercise) : [];
  return jsonResponse({ exerciseId: exercise, submissions }, { cookies: headers });
});
export const GET = protectedRoute("read", list);
