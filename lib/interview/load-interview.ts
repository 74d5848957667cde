import fs from "node:fs";
import path from "node:path";
import { parseInterviewFile, type InterviewFile } from "@/lib/content/interview";
import type { Card } from "@/lib/content/cards";
import { loadLessonCards, type CardsLessonRef } from "@/lib/review/load-cards";

// Reads a lesson's interview.yaml on the server (validated by lib/content/interview.ts), and joins
// each follow-up to its card so the pages get the prompt and the model answer.

export interface LessonInterview extends InterviewFile {
  /** The card of each follow-up, by card id. */
  cards: Record<string, Pick<Card, "id" | "prompt" | "answer" | "section" | "anchor">>;
}

export function hasInterview(lesson: { dir: string }): boolean {
  return fs.existsSync(path.join(lesson.dir, "interview.yaml"));
}

/** The lesson's mock interview, or null when it has none. */
export function loadLessonInterview(lesson: CardsLessonRef): LessonInterview | null {
  const file = path.join(lesson.dir, "interview.yaml");
  if (!fs.existsSync(file)) return null;
  const interview = parseInterviewFile(fs.readFileSync(file, "utf8"), file);
  const wanted = new Set(interview.followUps?.questions.map((q) => q.card) ?? []);
  const cards = Object.fromEntries(
    loadLessonCards(lesson)
      .filter((card) => wanted.has(card.id))
      .map((card) => [
        card.id,
        {
          id: card.id,
          prompt: card.prompt,
          answer: card.answer,
          section: card.section,
          anchor: card.anchor,
        },
      ]),
  );
  return { ...interview, cards };
}
