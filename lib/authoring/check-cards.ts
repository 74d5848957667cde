import fs from "node:fs";
import path from "node:path";
import { CardsFileError, parseCardsFile } from "@/lib/content/cards";
import { findSection } from "@/lib/content/loader";
import { headingIds, type ContentIndex } from "./content-index";
import { error, type AuthoringProblem } from "./problem";
import { suggestion } from "./suggest";

// A lesson's cards.yaml: valid against lib/content/cards.ts, and every card's section + anchor a
// heading that exists, so a review session's "read more" link never lands on nothing.

export function checkCards(index: ContentIndex): AuthoringProblem[] {
  const problems: AuthoringProblem[] = [];
  for (const course of index.catalog.courses) {
    for (const lesson of course.lessons) {
      const file = path.join(lesson.dir, "cards.yaml");
      if (!fs.existsSync(file)) continue;
      const text = fs.readFileSync(file, "utf8");
      let cards;
      try {
        cards = parseCardsFile(text, file);
      } catch (caught) {
        if (!(caught instanceof CardsFileError)) throw caught;
        problems.push(...problemsFromCardsError(file, text, caught));
        continue;
      }
      for (const card of cards) {
        const line = lineOf(text, new RegExp(`^\\s*-?\\s*id:\\s*["']?${card.id}["']?\\s*$`));
        const section = findSection(lesson, card.section);
        if (!section) {
          problems.push(
            error(
              file,
              `card "${card.id}": lesson "${lesson.slug}" has no section "${card.section}"`,
              suggestion(
                card.section,
                lesson.sections.map((s) => s.slug),
                "section",
              ),
              line,
            ),
          );
          continue;
        }
        const ids = headingIds(index, section.file);
        if (ids && !ids.includes(card.anchor)) {
          problems.push(
            error(
              file,
              `card "${card.id}": section "${section.slug}" has no heading with the id "${card.anchor}"`,
              suggestion(card.anchor, ids, "heading id"),
              line,
            ),
          );
        }
      }
    }
  }
  return problems;
}

function problemsFromCardsError(
  file: string,
  text: string,
  caught: CardsFileError,
): AuthoringProblem[] {
  const prefix = `${file}: `;
  return caught.message.split("\n").map((line) => {
    const message = line.startsWith(prefix) ? line.slice(prefix.length) : line;
    const id = /\(id "([^"]+)"\)/.exec(message)?.[1];
    const at = id ? lineOf(text, new RegExp(`^\\s*-?\\s*id:\\s*["']?${id}["']?\\s*$`)) : undefined;
    return error(file, message, "see docs/content-model.md for the card fields", at);
  });
}

function lineOf(text: string, pattern: RegExp): number | undefined {
  const index = text.split("\n").findIndex((line) => pattern.test(line));
  return index === -1 ? undefined : index + 1;
}
