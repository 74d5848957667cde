import "server-only";
import { findCourse, findLesson, loadCatalog, type Lesson } from "@/lib/content/loader";
import { getDb } from "@/lib/db";
import { lessonDashboard } from "./dashboard";
import type { LessonDashboard } from "./dashboard-types";
import { scopeOfLesson } from "./scope";

// The instructor pages' server API on the application's database and content tree. Callers check the
// viewer is an instructor first (lib/auth requireInstructor); nothing here looks at who asks.

/**
 * A lesson by its ids, drafts included: the preview shows instructors what learners will see once it
 * is published. Learners' pages load the catalogue without drafts, so a draft has no public URL.
 */
export function findLessonForInstructor(
  course: string,
  lesson: string,
  options: { root?: string } = {},
): Lesson | undefined {
  const found = findCourse(loadCatalog({ ...options, includeDrafts: true }), course);
  return found ? findLesson(found, lesson) : undefined;
}

/** The lesson's dashboard, or null for an unknown course or lesson. */
export async function getLessonDashboard(
  course: string,
  lesson: string,
): Promise<LessonDashboard | null> {
  const found = findLessonForInstructor(course, lesson);
  return found ? lessonDashboard({ db: getDb() }, scopeOfLesson(found)) : null;
}
