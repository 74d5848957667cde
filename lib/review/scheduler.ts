import {
  createEmptyCard,
  fsrs,
  generatorParameters,
  type Card as FsrsCard,
  type FSRS,
  type Grade,
} from "ts-fsrs";
import { RATINGS, type ReviewRating } from "./ratings";

// Spaced repetition with FSRS (ts-fsrs). Pure: every function takes the time it should act at, so
// the server passes its clock's "now" and tests travel in time. The state is stored field for field
// (camelCase) by lib/progress; this module converts to and from ts-fsrs' Card.

/** ts-fsrs' State: New, Learning, Review, Relearning. */
export const CARD_STATES = ["new", "learning", "review", "relearning"] as const;

/** One learner's scheduling state for one card (ts-fsrs' Card, camelCase, as lib/progress stores it). */
export interface SchedulingState {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
}

export interface SchedulerOptions {
  /** The recall probability FSRS aims for at the due date (0.9 by default). */
  requestRetention?: number;
  /** The longest interval, in days. */
  maximumIntervalDays?: number;
}

export interface ReviewScheduler {
  /** A card never reviewed: due at `now`. */
  newCard(now: Date): SchedulingState;
  /** The state after grading `state` (or a new card) with `rating` at `now`. */
  grade(state: SchedulingState | null, rating: ReviewRating, now: Date): SchedulingState;
  /** When each rating would schedule the card next, for the buttons' hints. */
  preview(state: SchedulingState | null, now: Date): Record<ReviewRating, Date>;
}

export function createReviewScheduler(options: SchedulerOptions = {}): ReviewScheduler {
  // No fuzz: the same history always gives the same schedule, which the tests rely on and which
  // a course with a few dozen cards per lesson does not need to spread its load.
  const engine: FSRS = fsrs(
    generatorParameters({
      enable_fuzz: false,
      ...(options.requestRetention === undefined
        ? {}
        : { request_retention: options.requestRetention }),
      ...(options.maximumIntervalDays === undefined
        ? {}
        : { maximum_interval: options.maximumIntervalDays }),
    }),
  );
  const cardAt = (state: SchedulingState | null, now: Date) =>
    state ? toFsrsCard(state) : createEmptyCard(now);

  return {
    newCard: (now) => fromFsrsCard(createEmptyCard(now)),
    grade: (state, rating, now) =>
      fromFsrsCard(engine.next(cardAt(state, now), now, rating as Grade).card),
    preview: (state, now) => {
      const card = cardAt(state, now);
      return Object.fromEntries(
        RATINGS.map((rating) => [rating, engine.next(card, now, rating as Grade).card.due]),
      ) as Record<ReviewRating, Date>;
    },
  };
}

/**
 * A wrong trap prediction is evidence the learner does not know this yet: the card is created due
 * now, or an existing one is brought forward to now. Its memory state is left alone; the grade the
 * learner gives when reviewing it is what FSRS learns from.
 */
export function bringForward(
  scheduler: ReviewScheduler,
  state: SchedulingState | null,
  now: Date,
): SchedulingState {
  if (!state) return scheduler.newCard(now);
  if (state.due.getTime() <= now.getTime()) return state;
  return { ...state, due: new Date(now.getTime()) };
}

export function isDue(state: SchedulingState, now: Date): boolean {
  return state.due.getTime() <= now.getTime();
}

export function toFsrsCard(state: SchedulingState): FsrsCard {
  return {
    due: state.due,
    stability: state.stability,
    difficulty: state.difficulty,
    elapsed_days: state.elapsedDays,
    scheduled_days: state.scheduledDays,
    learning_steps: state.learningSteps,
    reps: state.reps,
    lapses: state.lapses,
    state: state.state,
    ...(state.lastReview ? { last_review: state.lastReview } : {}),
  };
}

export function fromFsrsCard(card: FsrsCard): SchedulingState {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}
