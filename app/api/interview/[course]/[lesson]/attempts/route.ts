import { z } from "zod";
import { assertSameOrigin, HttpProblem, parseQuery, route, searchParams } from "@/lib/http/problem";
import { readJson } from "@/lib/http/body";
import { jsonResponse } from "@/lib/http/respond";
import { attemptInputSchema, buildAttempt, INTERVIEW_KINDS } from "@/lib/interview";
import { listInterviewAttempts, recordInterviewAttempt } from "@/lib/interview/server";
import { protectedRoute } from "@/lib/protection/app-protection";
import { requireLearner, resolveViewer } from "@/lib/auth";
import { courseSchema, lessonSchema } from "@/lib/progress/schemas";
import { requireLessonInterview } from "../../../interview-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ course: string; lesson: string }> };
const paramsSchema = z.strictObject({ course: courseSchema, lesson: lessonSchema });
const querySchema = z.strictObject({
  kind: z.enum(INTERVIEW_KINDS, { error: "kind must be drill, follow-ups or simulation" }),
});

/** GET ?kind=drill — the viewer's attempts of that kind, newest first (none without a session). */
const listAttempts = route<Context>(async (request, context) => {
  const lesson = parseQuery(paramsSchema, await context.params);
  const { kind } = parseQuery(querySchema, searchParams(request));
  requireLessonInterview(lesson.course, lesson.lesson);
  const { viewer, headers } = await resolveViewer(request.headers);
  const attempts = viewer ? await listInterviewAttempts(viewer, lesson, kind) : [];
  return jsonResponse({ ...lesson, kind, attempts }, { cookies: headers });
});

/**
 * POST an attempt ({kind: "drill" | "follow-ups" | "simulation", ...}) — the points ticked, the
 * time used. The server scores it against the lesson's rubric; the answer's audio never comes here.
 * Follow-up grades reach the cards' FSRS schedule through POST /api/cards/review, one per question.
 */
const saveAttempt = route<Context>(async (request, context) => {
  assertSameOrigin(request);
  const lesson = parseQuery(paramsSchema, await context.params);
  const body = await readJson(request, attemptInputSchema);
  const interview = requireLessonInterview(lesson.course, lesson.lesson);
  const built = buildAttempt(interview, body);
  if (!built.ok) throw new HttpProblem(422, "The request body is invalid", undefined, built.errors);
  const { viewer, headers } = await requireLearner(request.headers);
  const attempt = await recordInterviewAttempt(viewer, lesson, built.record);
  return jsonResponse(attempt, { status: 201, cookies: headers });
});

export const GET = protectedRoute("read", listAttempts);
export const POST = protectedRoute("write", saveAttempt);
