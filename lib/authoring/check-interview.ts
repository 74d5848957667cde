import fs from "node:fs";
import path from "node:path";
import { CardsFileError, parseCardsFile, type Card } from "@/lib/content/cards";
import { InterviewFileError, parseInterviewFile } from "@/lib/content/interview";
import type { ContentIndex } from "./content-index";
import { error, type AuthoringProblem } from "./problem";
import { suggestion } from "./suggest";

// A lesson's interview.yaml: valid against lib/content/interview.ts (every rubric point non-empty,
// ids unique), and every follow-up names a next-move card of the same lesson, whose FSRS schedule
// the interviewer mode grades.

export function checkInterview(index: ContentIndex): AuthoringProblem[] {
  const problems: AuthoringProblem[] = [];
  for (const course of index.catalog.courses) {
    for (const lesson of course.lessons) {
      const file = path.join(lesson.dir, "interview.yaml");
      if (!fs.existsSync(file)) continue;
      const text = fs.readFileSync(file, "utf8");
      let interview;
      try {
        interview = parseInterviewFile(text, file);
      } catch (caught) {
        if (!(caught instanceof InterviewFileError)) throw caught;
        const prefix = `${file}: `;
        for (const line of caught.message.split("\n")) {
          const message = line.startsWith(prefix) ? line.slice(prefix.length) : line;
          problems.push(error(file, message, "see docs/content-model.md for interview.yaml"));
        }
        continue;
      }
      const questions = interview.followUps?.questions ?? [];
      if (questions.length === 0) continue;
      const cards = lessonCards(lesson.dir);
      const nextMove = cards.filter((card) => card.source === "next-move").map((card) => card.id);
      for (const question of questions) {
        if (nextMove.includes(question.card)) continue;
        problems.push(
          error(
            file,
            `follow-up "${question.card}": lesson "${lesson.slug}" has no next-move card with this id in cards.yaml`,
            suggestion(question.card, nextMove, "card"),
            lineOf(text, question.card),
          ),
        );
      }
    }
  }
  return problems;
}

/** The lesson's cards; a broken cards.yaml is reported by checkCards, so it counts as none here. */
function lessonCards(dir: string): Card[] {
  const file = path.join(dir, "cards.yaml");
  if (!fs.existsSync(file)) return [];
  try {
    return parseCardsFile(fs.readFileSync(file, "utf8"), file);
  } catch (caught) {
    if (caught instanceof CardsFileError) return [];
    throw caught;
  }
}

function lineOf(text: string, card: string): number | undefined {
  const pattern = new RegExp(`^\\s*-?\\s*card:\\s*["']?${card}["']?\\s*$`);
  const index = text.split("\n").findIndex((line) => pattern.test(line));
  return index === -1 ? undefined : index + 1;
}
