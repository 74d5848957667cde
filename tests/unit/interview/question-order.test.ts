import { describe, expect, test } from "vitest";
import type { FollowUp } from "@/lib/content/interview";
import { ManualClock } from "@/lib/limiters/clock";
import { orderFollowUps, recallAt } from "@/lib/interview/question-order";
import { createReviewScheduler, type SchedulingState } from "@/lib/review";

const DAY = 86_400_000;
const scheduler = createReviewScheduler();

function question(card: string): FollowUp {
  return { card, points: [{ id: "p", point: "a point" }] };
}

const questions = ["alpha", "beta", "gamma", "delta"].map(question);

/** Grades a card at each of `ratings`, a day apart, starting at `clock`'s time. */
function history(clock: ManualClock, ratings: (1 | 2 | 3 | 4)[]): SchedulingState {
  let state: SchedulingState | null = null;
  for (const rating of ratings) {
    state = scheduler.grade(state, rating, new Date(clock.now()));
    clock.advance(DAY);
  }
  return state!;
}

describe("the interviewer's question order", () => {
  test("with no history at all the questions come in the lesson's order", () => {
    const order = orderFollowUps(questions, new Map(), new Date(0));
    expect(order.map((q) => q.question.card)).toEqual(["alpha", "beta", "gamma", "delta"]);
    expect(order.every((q) => q.recall === 0)).toBe(true);
  });

  test("never-reviewed cards come first, then the card with the lowest recall now", () => {
    const start = Date.UTC(2026, 0, 1);
    const strong = history(new ManualClock(start), [3, 4, 4]);
    const weak = history(new ManualClock(start), [1, 2, 1]);
    const now = new Date(start + 10 * DAY);
    const states = new Map([
      ["alpha", strong],
      ["beta", weak],
      ["delta", strong],
    ]);
    const order = orderFollowUps(questions, states, now);
    expect(order.map((q) => q.question.card)).toEqual(["gamma", "beta", "alpha", "delta"]);
    expect(recallAt(weak, now)).toBeLessThan(recallAt(strong, now));
    expect(recallAt(strong, now)).toBeGreaterThan(0.5);
  });

  test("the same card becomes weaker as time passes since its review", () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const state = history(clock, [3]);
    const soon = recallAt(state, new Date(clock.now()));
    clock.advance(30 * DAY);
    const later = recallAt(state, new Date(clock.now()));
    expect(later).toBeLessThan(soon);
  });

  test("equal recall is broken by FSRS difficulty, then by lapses", () => {
    const base = scheduler.newCard(new Date(0));
    const seen = { ...base, reps: 0, lastReview: null };
    const states = new Map<string, SchedulingState>([
      ["alpha", { ...seen, difficulty: 3, lapses: 0 }],
      ["beta", { ...seen, difficulty: 7, lapses: 0 }],
      ["gamma", { ...seen, difficulty: 7, lapses: 2 }],
    ]);
    const order = orderFollowUps(questions, states, new Date(0));
    expect(order.map((q) => q.question.card)).toEqual(["gamma", "beta", "alpha", "delta"]);
  });
});
