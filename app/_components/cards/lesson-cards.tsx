import type { ReactNode } from "react";
import { cardSources } from "@/lib/content/cards";
import { ContentError } from "@/lib/content/content-error";
import { loadLessonCards } from "@/lib/review/load-cards";
import type { LessonContext } from "../mdx/lesson-context";
import { NoScriptCardAnswer, NoScriptDeck } from "./card-answer";
import { CardSessionLazy, FlashcardLazy } from "./cards-lazy";
import { toFlashcardData } from "./flashcard-data";

// The cards' MDX components. Both read the lesson's cards.yaml while the page is built; an unknown
// card id or source fails the build, naming the MDX file.

function lessonCards(context: LessonContext) {
  const { lesson } = context;
  return loadLessonCards({
    dir: lesson.dir,
    courseSlug: lesson.courseSlug,
    slug: lesson.slug,
    title: lesson.title,
  });
}

export interface FlashcardMdxProps {
  /** The card's id in cards.yaml. */
  card: string;
  /** The model answer as the lesson writes it; without it, the card's own answer is shown. */
  children?: ReactNode;
}

/**
 * `<Flashcard card="fixed-window-twice-the-limit">model answer</Flashcard>`: under a question in the
 * prose, an answer box, the model answer behind it, and the four grades that schedule the card
 * (without JavaScript: the model answer behind a click).
 */
export function LessonFlashcard({
  card,
  children,
  context,
}: FlashcardMdxProps & { context: LessonContext }) {
  const found = lessonCards(context).find((c) => c.id === card);
  if (!found) {
    throw new ContentError(context.mdxFile, [
      `<Flashcard card="${card}">: no card with this id in the lesson's cards.yaml`,
    ]);
  }
  const data = toFlashcardData(found);
  return (
    <>
      <FlashcardLazy card={data} modelAnswer={children} />
      <NoScriptCardAnswer card={data} modelAnswer={children} />
    </>
  );
}

export interface CardDeckProps {
  /** Which of the lesson's cards: "check-yourself", "next-move" or "trap". */
  source: string;
  title?: string;
}

/** `<CardDeck source="next-move" />`: the lesson's cards of one source, one at a time. */
export function CardDeck({ source, title, context }: CardDeckProps & { context: LessonContext }) {
  if (!(cardSources as readonly string[]).includes(source)) {
    throw new ContentError(context.mdxFile, [
      `<CardDeck source="${source}">: source must be one of ${cardSources.join(", ")}`,
    ]);
  }
  const cards = lessonCards(context).filter((c) => c.source === source);
  if (cards.length === 0) {
    throw new ContentError(context.mdxFile, [
      `<CardDeck source="${source}">: the lesson's cards.yaml has no ${source} cards`,
    ]);
  }
  const data = cards.map(toFlashcardData);
  return (
    <>
      <CardSessionLazy cards={data} title={title ?? `Quiz yourself: ${cards.length} cards`} />
      <NoScriptDeck cards={data} />
    </>
  );
}
