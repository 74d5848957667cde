"use client";

import { useState } from "react";
import { refreshLearnerSummary } from "../progress/learner-summary-store";
import { CardSession, type GradeEvent } from "./card-session";
import type { FlashcardData } from "./card-types";
import { LocalTime } from "./local-time";
import styles from "./cards.module.css";

export interface ReviewBoardProps {
  cards: FlashcardData[];
  /** `course/lesson/card` of the cards shown for the first time in this session. */
  newKeys: string[];
  dueCount: number;
  newCount: number;
  nextDue: string | null;
  streak: number;
}

const keyOf = (card: FlashcardData) => `${card.course}/${card.lesson}/${card.id}`;

/**
 * The Review page's counters and its session together, so each grade moves the counters at once:
 * a graded card leaves "due now" (or "new"), a card graded Again joins "due now" again, and the
 * first grade of a day starts the streak; "next due after these" becomes the earliest of the cards
 * graded beyond this session and those not in it. The header's Review count is asked again too.
 */
export function ReviewBoard({
  cards,
  newKeys,
  dueCount,
  newCount,
  nextDue,
  streak,
}: ReviewBoardProps) {
  const [counts, setCounts] = useState({ due: dueCount, fresh: newCount, streak });
  const [laterDue, setLaterDue] = useState<Date | null>(nextDue ? new Date(nextDue) : null);
  const fresh = new Set(newKeys);

  const onGraded = ({ card, round, requeued, due }: GradeEvent) => {
    const wasNew = round === 0 && fresh.has(keyOf(card));
    setCounts((c) => ({
      due: Math.max(0, c.due - (wasNew ? 0 : 1) + (requeued ? 1 : 0)),
      fresh: Math.max(0, c.fresh - (wasNew ? 1 : 0)),
      streak: Math.max(c.streak, 1),
    }));
    if (!requeued)
      setLaterDue((previous) => (previous === null || due < previous ? due : previous));
    void refreshLearnerSummary();
  };

  return (
    <>
      <ul className={styles.stats} aria-label="Your review schedule">
        <li className={styles.stat} data-testid="due-count">
          <span className={styles.statValue}>{counts.due}</span>
          <span className={styles.statLabel}>due now</span>
        </li>
        <li className={styles.stat} data-testid="new-count">
          <span className={styles.statValue}>{counts.fresh}</span>
          <span className={styles.statLabel}>new in this session</span>
        </li>
        <li className={styles.stat} data-testid="next-due">
          <span className={styles.statValue}>
            {laterDue ? <LocalTime value={laterDue} /> : "—"}
          </span>
          <span className={styles.statLabel}>next due after these</span>
        </li>
        <li className={styles.stat} data-testid="streak">
          <span className={styles.statValue}>{counts.streak}</span>
          <span className={styles.statLabel}>day streak</span>
        </li>
      </ul>
      <div className="sr-only" aria-live="polite" data-testid="review-counts-live">
        {counts.due} due, {counts.fresh} new
      </div>
      {cards.length > 0 && (
        <CardSession
          cards={cards}
          title={`${dueCount} due, ${newCount} new`}
          nextDue={nextDue}
          showSource
          onGraded={onGraded}
        />
      )}
    </>
  );
}
