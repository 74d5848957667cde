import { HttpProblem } from "@/lib/http/problem";
import { loadLessonInterview, type LessonInterview } from "@/lib/interview/load-interview";
import { findLessonRef } from "@/lib/traps";

// Shared by the interview routes (not a route itself).

/** A lesson's mock interview; an unknown lesson, or one without interview.yaml, is a 404. */
export function requireLessonInterview(course: string, lesson: string): LessonInterview {
  const found = findLessonRef(course, lesson);
  const interview = found
    ? loadLessonInterview({
        dir: found.dir,
        courseSlug: found.courseSlug,
        slug: found.slug,
        title: found.title,
      })
    : null;
  if (!interview) {
    throw new HttpProblem(404, "Unknown mock interview", undefined, [
      { field: "lesson", reason: "no lesson with a mock interview has this id in this course" },
    ]);
  }
  return interview;
}
