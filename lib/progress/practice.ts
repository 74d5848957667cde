import type { TrapAttemptInput } from "./schemas";
import type { Viewer } from "@/lib/auth/viewer";
import type { StoreDeps } from "./store-deps";
import type { SchedulingState } from "@/lib/review/scheduler";

// Storage for the traps and the review cards (issue 6 writes the UI and the scheduling): each write
// is one transaction, and the FSRS arithmetic stays with its caller (ts-fsrs), given the time.

export async function recordTrapAttempt(
  deps: StoreDeps,
  viewer: Viewer,
  input: TrapAttemptInput,
): Promise<{ id: string }> {
  return deps.db.$transaction((tx) =>
    tx.trapAttempt.create({
      data: { userId: viewer.userId, ...input, createdAt: deps.clock.now() },
      select: { id: true },
    }),
  );
}

export interface CardRef {
  course: string;
  lesson: string;
  card: string;
}

export async function getCardState(
  deps: StoreDeps,
  viewer: Viewer,
  ref: CardRef,
): Promise<SchedulingState | null> {
  const row = await deps.db.reviewCard.findUnique({
    where: { userId_course_lesson_card: { userId: viewer.userId, ...ref } },
  });
  if (!row) return null;
  const { id: _id, userId: _user, course: _c, lesson: _l, card: _card, ...state } = row;
  return state;
}

/** Stores a grade and the card's next state together: both or neither. */
export async function recordReview(
  deps: StoreDeps,
  viewer: Viewer,
  ref: CardRef,
  review: { rating: number; next: SchedulingState },
): Promise<void> {
  const key = { userId: viewer.userId, ...ref };
  const reviewedAt = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    await tx.reviewCard.upsert({
      where: { userId_course_lesson_card: key },
      create: { ...key, ...review.next },
      update: review.next,
    });
    await tx.reviewLog.create({
      data: { ...key, rating: review.rating, state: review.next.state, reviewedAt },
    });
  });
}

export async function countCardsDue(deps: StoreDeps, viewer: Viewer): Promise<number> {
  return deps.db.reviewCard.count({
    where: { userId: viewer.userId, due: { lte: deps.clock.now() } },
  });
}

// Reads for issue 6's pages (the trap workspace, the Review page, a lesson's card deck).

export interface StoredCard extends SchedulingState, CardRef {}

/** The viewer's card states, all of them or one lesson's. */
export async function listCardStates(
  deps: StoreDeps,
  viewer: Viewer,
  lesson?: { course: string; lesson: string },
): Promise<StoredCard[]> {
  const rows = await deps.db.reviewCard.findMany({
    where: { userId: viewer.userId, ...(lesson ?? {}) },
    orderBy: { due: "asc" },
  });
  return rows.map(({ id: _id, userId: _user, ...card }) => card);
}

/** When the viewer graded a card (ratings 1–4; a card brought forward by a trap logs 0). */
export async function listReviewTimes(deps: StoreDeps, viewer: Viewer): Promise<Date[]> {
  const rows = await deps.db.reviewLog.findMany({
    where: { userId: viewer.userId, rating: { gte: 1 } },
    select: { reviewedAt: true },
  });
  return rows.map((row) => row.reviewedAt);
}

export interface TrapAttemptView {
  trap: string;
  kind: string;
  answer: string;
  correct: boolean;
  createdAt: Date;
}

/** The viewer's predictions and fixes in one lesson, oldest first. */
export async function listTrapAttempts(
  deps: StoreDeps,
  viewer: Viewer,
  lesson: { course: string; lesson: string },
): Promise<TrapAttemptView[]> {
  return deps.db.trapAttempt.findMany({
    where: { userId: viewer.userId, ...lesson },
    orderBy: { createdAt: "asc" },
    select: { trap: true, kind: true, answer: true, correct: true, createdAt: true },
  });
}
