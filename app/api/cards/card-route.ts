import { HttpProblem } from "@/lib/http/problem";
import { loadLessonCards } from "@/lib/review/load-cards";
import type { LessonCard } from "@/lib/review";
import { findLessonRef } from "@/lib/traps";

// Shared by the card routes (not a route itself).

/** A lesson's cards; an unknown course or lesson is a 404. */
export function requireLessonCards(course: string, lesson: string): LessonCard[] {
  const found = findLessonRef(course, lesson);
  if (!found) {
    throw new HttpProblem(404, "Unknown lesson", undefined, [
      { field: "lesson", reason: "no lesson has this id in this course" },
    ]);
  }
  return loadLessonCards({
    dir: found.dir,
    courseSlug: found.courseSlug,
    slug: found.slug,
    title: found.title,
  });
}

/** What a page needs to know of a card's schedule. */
export function scheduleView(state: {
  due: Date;
  state: number;
  reps: number;
  lapses: number;
  scheduledDays: number;
  lastReview: Date | null;
}) {
  return {
    due: state.due,
    state: state.state,
    reps: state.reps,
    lapses: state.lapses,
    scheduledDays: state.scheduledDays,
    lastReview: state.lastReview,
  };
}
