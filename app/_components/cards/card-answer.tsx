import type { ReactNode } from "react";
import { Reveal } from "../mdx/reveal";
import type { FlashcardData } from "./card-types";
import { Markdown } from "./inline-markdown";
import styles from "./cards.module.css";

// For readers without JavaScript: the cards' answers as plain server-rendered markup, inside
// <noscript>, so a browser running scripts never renders them and the write-then-reveal flow of the
// interactive card is unchanged.

/** A card's answer: the right one for an auto-graded card, then the model answer. */
function CardAnswer({ card, modelAnswer }: { card: FlashcardData; modelAnswer?: ReactNode }) {
  const grade = card.grade;
  const expected =
    grade?.kind === "choice" ? (grade.choices[grade.correct] ?? "") : String(grade?.correct ?? "");
  return (
    <>
      {grade && (
        <p>
          <strong>The answer:</strong> {expected}. {grade.explanation}
        </p>
      )}
      <div className={styles.model} data-testid="model-answer">
        <p className={styles.modelLabel}>Model answer</p>
        {modelAnswer ?? <Markdown text={card.answer} />}
      </div>
    </>
  );
}

/** Under one interactive card: its answer behind a click. */
export function NoScriptCardAnswer({
  card,
  modelAnswer,
}: {
  card: FlashcardData;
  modelAnswer?: ReactNode;
}) {
  return (
    <noscript>
      <div className={styles.noscript} data-testid="card-noscript" data-card={card.id}>
        <p className={styles.muted}>
          JavaScript is off, so this card cannot be graded: write your answer above, then open the
          model answer.
        </p>
        <Reveal label="Show the model answer">
          <CardAnswer card={card} modelAnswer={modelAnswer} />
        </Reveal>
      </div>
    </noscript>
  );
}

/** Under a deck, which shows one card at a time: every card's question and answer. */
export function NoScriptDeck({ cards }: { cards: FlashcardData[] }) {
  return (
    <noscript>
      <div className={styles.noscript} data-testid="deck-noscript">
        <p className={styles.muted}>
          JavaScript is off, so these cards cannot be graded here. Answer each question yourself,
          then open its model answer.
        </p>
        <ol className={styles.noscriptList}>
          {cards.map((card) => (
            <li key={card.id} data-card={card.id}>
              <Markdown text={card.prompt} />
              <Reveal label="Show the model answer">
                <CardAnswer card={card} />
              </Reveal>
            </li>
          ))}
        </ol>
      </div>
    </noscript>
  );
}
