import fs from "node:fs";
import path from "node:path";
import type { Catalog } from "@/lib/content/loader";
import { parseCardsFile } from "@/lib/content/cards";
import type { LessonCard } from "./queue";

// Reads a lesson's cards.yaml (validated by lib/content/cards.ts) on the server. Server only: it
// reads files.

export interface CardsLessonRef {
  dir: string;
  courseSlug: string;
  slug: string;
  title: string;
}

/** The lesson's cards in file order; none when the lesson has no cards.yaml. */
export function loadLessonCards(lesson: CardsLessonRef): LessonCard[] {
  const file = path.join(lesson.dir, "cards.yaml");
  if (!fs.existsSync(file)) return [];
  return parseCardsFile(fs.readFileSync(file, "utf8"), file).map((card) => ({
    ...card,
    course: lesson.courseSlug,
    lesson: lesson.slug,
    lessonTitle: lesson.title,
  }));
}

/** Every card of every lesson, in course and lesson order. */
export function loadCatalogCards(catalog: Catalog): LessonCard[] {
  return catalog.courses.flatMap((course) => course.lessons.flatMap(loadLessonCards));
}
