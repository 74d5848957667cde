import type { Card } from "@/lib/content/cards";
import { currentStreak } from "@/lib/progress/streak";
import { isDue, type SchedulingState } from "./scheduler";

// What the Review page shows: the cards due now (oldest first), then a few never-seen ones, the next
// due date once nothing is due, and the streak of days with a review. Pure: the caller passes the
// learner's states, the lesson cards and the time.

/** A card of one lesson: the cards.yaml entry plus where it lives. */
export interface LessonCard extends Card {
  course: string;
  lesson: string;
  lessonTitle: string;
}

export interface StoredCardState extends SchedulingState {
  course: string;
  lesson: string;
  card: string;
}

export interface QueueEntry {
  card: LessonCard;
  state: SchedulingState | null;
}

export interface ReviewQueue {
  /** Due cards by due date, then new cards: what a session goes through. */
  entries: QueueEntry[];
  dueCount: number;
  newCount: number;
  /** The earliest due date after now among scheduled cards, or null. */
  nextDue: Date | null;
  /** Cards with a schedule (reviewed at least once, or brought forward by a trap). */
  scheduledCount: number;
}

/** New cards a session introduces at most: enough to make progress, few enough to finish. */
export const NEW_CARDS_PER_SESSION = 10;

export function cardKey(ref: { course: string; lesson: string; card: string }): string {
  return `${ref.course}/${ref.lesson}/${ref.card}`;
}

/**
 * Builds the review queue. Trap cards are never introduced as new cards: they enter the schedule
 * only when the learner's prediction on that trap was wrong. A stored state whose card is gone from
 * the content is ignored.
 */
export function buildReviewQueue(
  cards: readonly LessonCard[],
  states: readonly StoredCardState[],
  now: Date,
  newLimit: number = NEW_CARDS_PER_SESSION,
): ReviewQueue {
  const byKey = new Map(states.map((state) => [cardKey(state), state]));
  const due: QueueEntry[] = [];
  const fresh: QueueEntry[] = [];
  let nextDue: Date | null = null;
  let scheduledCount = 0;
  for (const card of cards) {
    const state = byKey.get(cardKey({ course: card.course, lesson: card.lesson, card: card.id }));
    if (state) {
      scheduledCount++;
      if (isDue(state, now)) due.push({ card, state });
      else if (nextDue === null || state.due < nextDue) nextDue = state.due;
    } else if (card.source !== "trap" && fresh.length < newLimit) {
      fresh.push({ card, state: null });
    }
  }
  due.sort((a, b) => a.state!.due.getTime() - b.state!.due.getTime());
  return {
    entries: [...due, ...fresh],
    dueCount: due.length,
    newCount: fresh.length,
    nextDue,
    scheduledCount,
  };
}

/** Consecutive UTC days, up to today, with at least one graded review. */
export function reviewStreak(reviewedAt: readonly Date[], now: Date): number {
  return currentStreak(reviewedAt, now);
}
