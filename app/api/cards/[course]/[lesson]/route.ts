import { z } from "zod";
import { parseQuery, route } from "@/lib/http/problem";
import { jsonResponse } from "@/lib/http/respond";
import { protectedRoute } from "@/lib/protection/app-protection";
import { resolveViewer } from "@/lib/auth";
import { courseSchema, lessonSchema } from "@/lib/progress/schemas";
import { listCardStates } from "@/lib/progress/app-progress";
import { requireLessonCards, scheduleView } from "../../card-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ course: string; lesson: string }> };
const paramsSchema = z.strictObject({ course: courseSchema, lesson: lessonSchema });

/** GET — the viewer's schedule for each card of a lesson they have reviewed (empty without a session). */
const readCards = route<Context>(async (request, context) => {
  const lesson = parseQuery(paramsSchema, await context.params);
  requireLessonCards(lesson.course, lesson.lesson);
  const { viewer, headers } = await resolveViewer(request.headers);
  const states = viewer ? await listCardStates(viewer, lesson) : [];
  const cards = Object.fromEntries(states.map((state) => [state.card, scheduleView(state)]));
  return jsonResponse({ ...lesson, cards }, { cookies: headers });
});
export const GET = protectedRoute("read", readCards);
