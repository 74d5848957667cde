import { CardsFileError } from "@/lib/content/cards";
import { ContentError } from "@/lib/content/content-error";
import type { Lesson } from "@/lib/content/loader";
import { loadLessonCards } from "@/lib/review/load-cards";
import { lessonRefOf } from "@/lib/traps/find-trap";
import { loadLessonTraps } from "@/lib/traps/load-traps";
import type { DashboardScope } from "./dashboard-types";

/**
 * What a lesson's dashboard reports on, from its content: sections and exercises in order, traps in
 * letter order, cards with their prompts. A broken traps/ folder or cards.yaml (content:check reports
 * it) only leaves those rows without titles; the dashboard still shows the figures.
 */
export function scopeOfLesson(lesson: Lesson): DashboardScope {
  return {
    course: lesson.courseSlug,
    lesson: lesson.slug,
    sections: lesson.sections.map(({ slug, title }) => ({ slug, title })),
    exercises: lesson.exercises.map(({ slug, title }) => ({ slug, title })),
    traps: tolerant(() => loadLessonTraps(lessonRefOf(lesson))).map(({ id, letter, title }) => ({
      slug: id,
      title: `${letter}. ${title}`,
    })),
    cards: tolerant(() => loadLessonCards(lesson)).map(({ id, prompt }) => ({ id, prompt })),
  };
}

function tolerant<T>(load: () => T[]): T[] {
  try {
    return load();
  } catch (caught) {
    if (caught instanceof ContentError || caught instanceof CardsFileError) return [];
    throw caught;
  }
}
