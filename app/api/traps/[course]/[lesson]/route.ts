import { z } from "zod";
import { parseQuery, route } from "@/lib/http/problem";
import { jsonResponse } from "@/lib/http/respond";
import { protectedRoute } from "@/lib/protection/app-protection";
import { resolveViewer } from "@/lib/auth";
import { courseSchema, lessonSchema } from "@/lib/progress/schemas";
import { listTrapAttempts } from "@/lib/progress/app-progress";
import { summariseAttempts } from "@/lib/traps";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ course: string; lesson: string }> };
const paramsSchema = z.strictObject({ course: courseSchema, lesson: lessonSchema });

/** GET — the viewer's progress on each trap of a lesson (empty without a session). */
const readTraps = route<Context>(async (request, context) => {
  const lesson = parseQuery(paramsSchema, await context.params);
  const { viewer, headers } = await resolveViewer(request.headers);
  const attempts = viewer ? await listTrapAttempts(viewer, lesson) : [];
  return jsonResponse({ ...lesson, traps: summariseAttempts(attempts) }, { cookies: headers });
});
export const GET = protectedRoute("read", readTraps);
