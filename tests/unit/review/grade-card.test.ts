import { expect, test } from "vitest";
import { ManualClock } from "@/lib/limiters/clock";
import {
  BROUGHT_FORWARD_RATING,
  bringCardForward,
  cardKey,
  createReviewScheduler,
  gradeCard,
  type CardRef,
  type ReviewStore,
  type SchedulingState,
} from "@/lib/review";

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 10, 12);
const ref: CardRef = { course: "system-design", lesson: "rate-limiter", card: "trap-wall-clock" };

/** The store in memory, logging every write, as lib/progress would persist it. */
function memoryStore() {
  const states = new Map<string, SchedulingState>();
  const log: { card: string; rating: number; due: Date }[] = [];
  const store: ReviewStore = {
    getCardState: async (r) => states.get(cardKey(r)) ?? null,
    recordReview: async (r, review) => {
      states.set(cardKey(r), review.next);
      log.push({ card: r.card, rating: review.rating, due: review.next.due });
    },
  };
  return { store, states, log };
}

test("a month of reviews on a fake clock: each grade is stored and logged, intervals grow", async () => {
  const { store, log } = memoryStore();
  const scheduler = createReviewScheduler();
  const clock = new ManualClock(T0);
  let state = await gradeCard(store, scheduler, ref, 3, new Date(clock.now()));
  while (clock.now() < T0 + 30 * DAY) {
    clock.advance(Math.max(0, state.due.getTime() - clock.now()));
    state = await gradeCard(store, scheduler, ref, 3, new Date(clock.now()));
  }
  expect(log.length).toBeGreaterThanOrEqual(3);
  expect(log.length).toBeLessThan(8);
  expect(log.every((entry) => entry.rating === 3)).toBe(true);
  expect(state.due.getTime() - clock.now()).toBeGreaterThan(10 * DAY);
});

test("a wrong prediction creates the trap's card due now, logged as brought forward", async () => {
  const { store, log } = memoryStore();
  const now = new Date(T0);
  const state = await bringCardForward(store, createReviewScheduler(), ref, now);
  expect(state.due).toEqual(now);
  expect(log).toEqual([{ card: ref.card, rating: BROUGHT_FORWARD_RATING, due: now }]);
});

test("a second wrong prediction on a card already due writes nothing", async () => {
  const { store, log } = memoryStore();
  const scheduler = createReviewScheduler();
  await bringCardForward(store, scheduler, ref, new Date(T0));
  await bringCardForward(store, scheduler, ref, new Date(T0 + 1000));
  expect(log).toHaveLength(1);
});

test("a wrong prediction on a learnt card brings its review forward to now", async () => {
  const { store, states } = memoryStore();
  const scheduler = createReviewScheduler();
  const clock = new ManualClock(T0);
  await gradeCard(store, scheduler, ref, 4, new Date(clock.now()));
  clock.advance(DAY);
  const learnt = states.get(cardKey(ref))!;
  expect(learnt.due.getTime()).toBeGreaterThan(clock.now());
  const bumped = await bringCardForward(store, scheduler, ref, new Date(clock.now()));
  expect(bumped.due.getTime()).toBe(clock.now());
  expect(bumped.stability).toBe(learnt.stability);
});
