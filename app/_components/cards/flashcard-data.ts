import { sectionHref } from "@/lib/content/urls";
import type { LessonCard } from "@/lib/review/queue";
import type { FlashcardData } from "./card-types";

/** The browser's copy of a card: cards.yaml's fields and a link to where it comes from. */
export function toFlashcardData(card: LessonCard): FlashcardData {
  return {
    course: card.course,
    lesson: card.lesson,
    id: card.id,
    source: card.source,
    prompt: card.prompt,
    answer: card.answer,
    ...(card.grade ? { grade: card.grade } : {}),
    href: `${sectionHref(card.course, card.lesson, card.section)}#${card.anchor}`,
    lessonTitle: card.lessonTitle,
  };
}
