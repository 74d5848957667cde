import fs from "node:fs";
import path from "node:path";
import { CardsFileError, parseCardsFile } from "@/lib/content/cards";
import {
  estimatePracticeMinutes,
  estimateReadingMinutes,
  proseWords,
  WORDS_PER_MINUTE,
} from "@/lib/content/study-time";
import type { ContentIndex } from "./content-index";
import { warning, type AuthoringProblem } from "./problem";

/** How far a stated time may sit from the estimate, either way, before content:check says so. */
const TOLERANCE = 0.3;

/**
 * Warns when a lesson's stated reading time (`minutes`) is well below what its prose suggests, when
 * its practice time (`practiceMinutes`) is far from what its exercises, traps and cards suggest, or
 * when it has exercises or traps and states no practice time.
 * Warnings only: the estimates are rules of thumb, the author may know better. Drafts are skipped.
 */
export function checkStudyTime(index: ContentIndex): AuthoringProblem[] {
  const problems: AuthoringProblem[] = [];
  for (const course of index.catalog.courses) {
    for (const lesson of course.lessons) {
      // A draft is half-written by definition; its times are stated before the content exists.
      if (lesson.draft) continue;
      const words = index.documents
        .filter((d) => d.lesson === lesson && (d.kind === "section" || d.kind === "lesson"))
        .reduce((sum, d) => sum + proseWords(d.body), 0);
      const reading = estimateReadingMinutes(words);
      // Only an understated reading time: a short lesson rounds to a minute or two, and stating more
      // than the estimate harms nobody. Promising 50 minutes for an hour and a half does.
      if (lesson.minutes < (1 - TOLERANCE) * reading) {
        problems.push(
          warning(
            lesson.file,
            `minutes: ${lesson.minutes} stated, but the sections hold ${words.toLocaleString("en-US")} words of prose, about ${reading} minutes at ${WORDS_PER_MINUTE} words a minute`,
            `set minutes to about ${reading} (reading only; practice goes in practiceMinutes)`,
          ),
        );
      }

      const traps = index.documents.filter((d) => d.lesson === lesson && d.kind === "trap").length;
      const practice = estimatePracticeMinutes({
        exercises: lesson.exercises.map((exercise) => exercise.difficulty),
        traps,
        cards: countCards(lesson.dir),
      });
      const work = `${lesson.exercises.length} exercise(s), ${traps} trap(s)`;
      if (lesson.practiceMinutes === undefined) {
        if (lesson.exercises.length + traps > 0) {
          problems.push(
            warning(
              lesson.file,
              `practiceMinutes: not stated, and the lesson has ${work}: learners cannot tell reading time from the whole`,
              `add practiceMinutes: ${practice} (estimated from difficulty, traps and cards)`,
            ),
          );
        }
      } else if (far(lesson.practiceMinutes, practice)) {
        problems.push(
          warning(
            lesson.file,
            `practiceMinutes: ${lesson.practiceMinutes} stated, but ${work} and the cards come to about ${practice}`,
            `set practiceMinutes to about ${practice}`,
          ),
        );
      }
    }
  }
  return problems;
}

function far(stated: number, estimate: number): boolean {
  return Math.abs(stated - estimate) > TOLERANCE * estimate;
}

/** Cards in a lesson; a broken cards.yaml is the cards check's to report. */
function countCards(lessonDir: string): number {
  const file = path.join(lessonDir, "cards.yaml");
  if (!fs.existsSync(file)) return 0;
  try {
    return parseCardsFile(fs.readFileSync(file, "utf8"), file).length;
  } catch (caught) {
    if (caught instanceof CardsFileError) return 0;
    throw caught;
  }
}
