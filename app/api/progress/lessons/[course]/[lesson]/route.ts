import { parseQuery, route, searchParams } from "@/lib/http/problem";
import { jsonResponse } from "@/lib/http/respond";
import { protectedRoute } from "@/lib/protection/app-protection";
import { resolveViewer } from "@/lib/auth";
import { exerciseIdSchema, lessonRefSchema } from "@/lib/progress/schemas";
import { getLessonProgress } from "@/lib/progress/app-progress";
import { z } from "zod";

export const dynamic = "force-dynamic";

const querySchema = z.strictObject({
  /** Comma-separated exercise ids of the lesson, to narrow `exercises`. */
  exercises: z
    .string()
    .max(2_000)
    .transform((value) => value.split(",").filter(Boolean))
    .pipe(z.array(exerciseIdSchema).max(100))
    .optional(),
});

type Context = { params: Promise<{ course: string; lesson: string }> };

/** GET: { sectionsRead, exercises } for the viewer; empty for someone with no session yet. */
const readProgress = route<Context>(async (request, context) => {
  const { course, lesson } = parseQuery(lessonRefSchema, await context.params);
  const query = parseQuery(querySchema, searchParams(request));
  const { viewer, headers } = await resolveViewer(request.headers);
  const progress = await getLessonProgress(viewer, course, lesson, query.exercises);
  return jsonResponse({ course, lesson, ...progress }, { cookies: headers });
});
export const GET = protectedRoute("read", readProgress);
