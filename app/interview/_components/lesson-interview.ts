import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { requireLesson } from "@/app/_components/content-lookup";
import type { InterviewKind } from "@/lib/interview/attempt-schemas";
import { loadLessonInterview } from "@/lib/interview/load-interview";
import { listInterviewAttempts } from "@/lib/interview/server";
import { getViewer } from "@/lib/auth";
import type { AttemptJson } from "./interview-client";

// What every interview page starts from: the lesson, its interview.yaml (404 without one), the
// viewer, and the viewer's attempts of one kind.

export interface InterviewParams {
  params: Promise<{ course: string; lesson: string }>;
}

export async function loadInterviewPage(params: InterviewParams["params"]) {
  const { course: courseSlug, lesson: lessonSlug } = await params;
  const { course, lesson } = requireLesson(courseSlug, lessonSlug);
  const interview = loadLessonInterview({
    dir: lesson.dir,
    courseSlug: course.slug,
    slug: lesson.slug,
    title: lesson.title,
  });
  if (!interview) notFound();
  const viewer = await getViewer(await headers());
  return { course, lesson, interview, viewer };
}

export async function attemptsOf(
  viewer: Awaited<ReturnType<typeof getViewer>>,
  lesson: { course: string; lesson: string },
  kind: InterviewKind,
): Promise<AttemptJson[]> {
  if (!viewer) return [];
  const attempts = await listInterviewAttempts(viewer, lesson, kind);
  return attempts.map((attempt) => ({ ...attempt, createdAt: attempt.createdAt.toISOString() }));
}
