import type { Lesson } from "@/lib/content/loader";
import { exerciseHref, sectionHref } from "@/lib/content/urls";
import type { LessonOutline } from "@/lib/progress/next-step";
import { locateTraps } from "@/lib/search/documents";
import { loadLessonTraps } from "@/lib/traps/load-traps";

/** A lesson's steps in order, with their links: what "Continue" and the progress figures count. */
export function lessonOutline(lesson: Lesson): LessonOutline {
  const homes = locateTraps(lesson);
  const traps = loadLessonTraps({
    dir: lesson.dir,
    courseSlug: lesson.courseSlug,
    slug: lesson.slug,
  });
  return {
    sections: lesson.sections.map((section) => ({
      slug: section.slug,
      title: section.title,
      href: sectionHref(lesson.courseSlug, lesson.slug, section.slug),
    })),
    exercises: lesson.exercises.map((exercise) => ({
      slug: exercise.slug,
      title: exercise.title,
      href: exerciseHref(lesson.courseSlug, lesson.slug, exercise.slug),
    })),
    traps: traps.map((trap) => ({
      id: trap.id,
      title: `Trap ${trap.letter}: ${trap.title}`,
      href: homes.get(trap.id) ?? sectionHref(lesson.courseSlug, lesson.slug, "code-traps"),
    })),
    reviewHref: "/review",
  };
}
