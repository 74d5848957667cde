import type { ReviewRating } from "./ratings";
import { bringForward, type ReviewScheduler, type SchedulingState } from "./scheduler";

// The two writes a learner's actions make to a card's schedule, over an injected store (lib/progress
// bound to the viewer, on the server; a map in tests), at an injected time.

export interface CardRef {
  course: string;
  lesson: string;
  card: string;
}

export interface ReviewStore {
  getCardState(ref: CardRef): Promise<SchedulingState | null>;
  /** Stores the card's next state and logs the rating, together. */
  recordReview(ref: CardRef, review: { rating: number; next: SchedulingState }): Promise<void>;
}

/** Logged as the rating of a card a wrong trap prediction brought forward (ts-fsrs' Rating.Manual). */
export const BROUGHT_FORWARD_RATING = 0;

/** The learner graded the card: FSRS computes its next state from the stored one. */
export async function gradeCard(
  store: ReviewStore,
  scheduler: ReviewScheduler,
  ref: CardRef,
  rating: ReviewRating,
  now: Date,
): Promise<SchedulingState> {
  const next = scheduler.grade(await store.getCardState(ref), rating, now);
  await store.recordReview(ref, { rating, next });
  return next;
}

/** A wrong prediction: the card becomes due now (created if the learner never had it). */
export async function bringCardForward(
  store: ReviewStore,
  scheduler: ReviewScheduler,
  ref: CardRef,
  now: Date,
): Promise<SchedulingState> {
  const current = await store.getCardState(ref);
  const next = bringForward(scheduler, current, now);
  if (current && next === current) return current;
  await store.recordReview(ref, { rating: BROUGHT_FORWARD_RATING, next });
  return next;
}
