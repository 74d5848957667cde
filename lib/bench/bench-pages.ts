import { loadCatalog } from "@/lib/content/loader";
import { exerciseHref, sectionHref } from "@/lib/content/urls";

export interface BenchPage {
  /** What `--pages` names it by: "home", a section's slug, or "exercise". */
  name: string;
  path: string;
}

/**
 * The pages issue 20 measures: the home page, every section of the first lesson of the first
 * course, and one exercise page (the lesson's first exercise unless another is named).
 */
export function benchPages(exercise?: string): BenchPage[] {
  const course = loadCatalog().courses[0];
  const lesson = course?.lessons[0];
  if (!course || !lesson) throw new Error("content/ holds no lesson to measure");
  const exerciseSlug = exercise ?? lesson.exercises[0]?.slug;
  if (!exerciseSlug) throw new Error(`lesson ${lesson.slug} has no exercise to measure`);
  if (!lesson.exercises.some((candidate) => candidate.slug === exerciseSlug)) {
    throw new Error(`lesson ${lesson.slug} has no exercise "${exerciseSlug}"`);
  }
  return [
    { name: "home", path: "/" },
    ...lesson.sections.map((section) => ({
      name: section.slug,
      path: sectionHref(course.slug, lesson.slug, section.slug),
    })),
    { name: "exercise", path: exerciseHref(course.slug, lesson.slug, exerciseSlug) },
  ];
}

/** The pages named in a comma-separated `--pages` list, or all of them; unknown names are errors. */
export function selectPages(pages: BenchPage[], names: string | undefined): BenchPage[] {
  if (!names) return pages;
  const wanted = names
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = wanted.filter((name) => !pages.some((page) => page.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `unknown page ${unknown.join(", ")}; choose from ${pages.map((page) => page.name).join(", ")}`,
    );
  }
  return pages.filter((page) => wanted.includes(page.name));
}
