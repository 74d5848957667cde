"use client";

import { useState } from "react";
import { describeInterval, ratingLabels, type ReviewRating } from "@/lib/review/ratings";
import type { FlashcardData, GradedCard } from "./card-types";
import { Flashcard } from "./flashcard";
import { LocalTime } from "./local-time";
import styles from "./cards.module.css";

export interface CardSessionProps {
  cards: FlashcardData[];
  /** Heading of the session (rendered as a paragraph-level title, not a page heading). */
  title: string;
  /** When the learner's next card is due beyond this session (ISO), for the "done" message. */
  nextDue?: string | null;
  /** Show where each card comes from (the Review page mixes lessons). */
  showSource?: boolean;
  /** After each grade: which card, whether it was its first showing, and whether it comes back. */
  onGraded?: (event: GradeEvent) => void;
}

interface Entry {
  card: FlashcardData;
  round: number;
}

export interface GradeEvent {
  card: FlashcardData;
  round: number;
  /** Due again within minutes: it comes back at the end of this session. */
  requeued: boolean;
  /** When the card is due next, as the server scheduled it. */
  due: Date;
}

/** A card graded Again (due again within minutes) comes back at the end of the session. */
const REQUEUE_WITHIN_MS = 5 * 60_000;

/**
 * Cards one at a time: each graded card makes way for the next, which takes the focus, so a whole
 * session runs from the keyboard (Space, 1–4). Cards graded Again come back at the end.
 */
export function CardSession({
  cards,
  title,
  nextDue = null,
  showSource = false,
  onGraded: reportGrade,
}: CardSessionProps) {
  const [queue, setQueue] = useState<Entry[]>(() => cards.map((card) => ({ card, round: 0 })));
  const [position, setPosition] = useState(0);
  const [reviewed, setReviewed] = useState(0);
  const [last, setLast] = useState<{ rating: ReviewRating; due: Date; at: Date } | null>(null);
  const [laterDue, setLaterDue] = useState<Date | null>(nextDue ? new Date(nextDue) : null);
  const [started, setStarted] = useState(false);

  const current = queue[position];

  function onGraded(entry: Entry, graded: GradedCard, rating: ReviewRating) {
    const due = new Date(graded.due);
    const at = new Date();
    setLast({ rating, due, at });
    setReviewed((n) => n + 1);
    const requeued = due.getTime() - at.getTime() <= REQUEUE_WITHIN_MS;
    reportGrade?.({ card: entry.card, round: entry.round, requeued, due });
    if (requeued) {
      setQueue((q) => [...q, { card: entry.card, round: entry.round + 1 }]);
    } else {
      setLaterDue((previous) => (previous === null || due < previous ? due : previous));
    }
    setStarted(true);
    setPosition((p) => p + 1);
  }

  return (
    <section className={styles.deck} aria-label={title} data-testid="card-session">
      <div className={styles.deckHeader}>
        <p className={styles.deckTitle}>{title}</p>
        <p className={styles.progress} aria-live="polite">
          {current
            ? `Card ${position + 1} of ${queue.length}`
            : `${reviewed} card${reviewed === 1 ? "" : "s"} reviewed`}
        </p>
      </div>
      {last && (
        <p className={styles.muted} role="status" data-testid="last-grade">
          Graded {ratingLabels[last.rating]}: it comes back{" "}
          {describeInterval(last.due, last.at) === "now"
            ? "right away"
            : `in ${describeInterval(last.due, last.at)}`}
          .
        </p>
      )}
      {current ? (
        <>
          {showSource && (
            <p className={styles.source}>
              {current.card.lessonTitle} · <a href={current.card.href}>read the section</a>
            </p>
          )}
          <Flashcard
            key={`${current.card.course}/${current.card.lesson}/${current.card.id}/${current.round}`}
            card={current.card}
            showPrompt
            autoFocus={started}
            label={`Card ${position + 1} of ${queue.length}`}
            onGraded={(graded, rating) => onGraded(current, graded, rating)}
          />
          <p className={styles.shortcuts}>
            <kbd>Enter</kbd> answer box · <kbd>Ctrl</kbd>+<kbd>Enter</kbd> or <kbd>Space</kbd>{" "}
            reveal · <kbd>1</kbd>–<kbd>4</kbd> Again, Hard, Good, Easy
          </p>
        </>
      ) : (
        <div className={styles.done} data-testid="session-done">
          <p>
            <strong>Done for now.</strong>{" "}
            {laterDue ? (
              <>
                The next card is due <LocalTime value={laterDue} />.
              </>
            ) : (
              "Nothing else is scheduled yet."
            )}
          </p>
        </div>
      )}
    </section>
  );
}
