import { describe, expect, test } from "vitest";
import { ManualClock } from "@/lib/limiters/clock";
import {
  bringForward,
  createReviewScheduler,
  describeInterval,
  fromFsrsCard,
  isDue,
  toFsrsCard,
  type ReviewRating,
  type SchedulingState,
} from "@/lib/review";

const MINUTE = 60_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 10, 12);

/** Reviews a card each time it falls due, with the given grades, travelling in time on `clock`. */
function reviewWhenDue(clock: ManualClock, grades: ReviewRating[]): SchedulingState[] {
  const scheduler = createReviewScheduler();
  const history: SchedulingState[] = [];
  let state: SchedulingState | null = null;
  for (const rating of grades) {
    if (state) clock.advance(Math.max(0, state.due.getTime() - clock.now()));
    state = scheduler.grade(state, rating, new Date(clock.now()));
    history.push(state);
  }
  return history;
}

describe("FSRS scheduling on a fake clock", () => {
  test("a new card is due the moment it is created", () => {
    const now = new Date(T0);
    const card = createReviewScheduler().newCard(now);
    expect(card.due).toEqual(now);
    expect(card.reps).toBe(0);
    expect(card.state).toBe(0);
    expect(isDue(card, now)).toBe(true);
  });

  test("Good on a new card brings it back in ten minutes, then in days", () => {
    const clock = new ManualClock(T0);
    const [first, second, third] = reviewWhenDue(clock, [3, 3, 3]);
    expect(first!.due.getTime() - T0).toBe(10 * MINUTE);
    expect(first!.state).toBe(1); // learning
    expect(second!.state).toBe(2); // review
    expect(second!.scheduledDays).toBeGreaterThanOrEqual(1);
    expect(third!.scheduledDays).toBeGreaterThan(second!.scheduledDays);
  });

  test("each successful review at least doubles the interval once the card is learnt", () => {
    const clock = new ManualClock(T0);
    const history = reviewWhenDue(clock, [3, 3, 3, 3, 3, 3]).slice(2);
    for (let i = 1; i < history.length; i++) {
      expect(history[i]!.scheduledDays).toBeGreaterThanOrEqual(2 * history[i - 1]!.scheduledDays);
    }
    // Six Good reviews, each on its due date, reach months between reviews.
    expect(history.at(-1)!.scheduledDays).toBeGreaterThan(60);
  });

  test("Again on a learnt card is a lapse: it comes back within minutes and its interval shrinks", () => {
    const clock = new ManualClock(T0);
    const history = reviewWhenDue(clock, [3, 3, 3, 3, 1]);
    const before = history[3]!;
    const lapsed = history[4]!;
    expect(lapsed.lapses).toBe(before.lapses + 1);
    expect(lapsed.state).toBe(3); // relearning
    expect(lapsed.due.getTime() - clock.now()).toBeLessThanOrEqual(10 * MINUTE);
    expect(lapsed.stability).toBeLessThan(before.stability);
  });

  test("Easy schedules further out than Good, Good than Hard, Hard than Again", () => {
    const scheduler = createReviewScheduler();
    const now = new Date(T0);
    const preview = scheduler.preview(null, now);
    expect(preview[1].getTime()).toBeLessThan(preview[2].getTime());
    expect(preview[2].getTime()).toBeLessThan(preview[3].getTime());
    expect(preview[3].getTime()).toBeLessThan(preview[4].getTime());
    expect(preview[4].getTime() - T0).toBeGreaterThanOrEqual(DAY);
  });

  test("the same history gives the same schedule (no fuzz)", () => {
    const a = reviewWhenDue(new ManualClock(T0), [3, 2, 3, 4, 1, 3]);
    const b = reviewWhenDue(new ManualClock(T0), [3, 2, 3, 4, 1, 3]);
    expect(a).toEqual(b);
  });

  test("reviewing late, after a long absence, still schedules forward from the review", () => {
    const scheduler = createReviewScheduler();
    const clock = new ManualClock(T0);
    const learnt = reviewWhenDue(clock, [3, 3]).at(-1)!;
    clock.advance(90 * DAY); // the learner comes back three months later
    const now = new Date(clock.now());
    expect(isDue(learnt, now)).toBe(true);
    const next = scheduler.grade(learnt, 3, now);
    expect(next.due.getTime()).toBeGreaterThan(now.getTime());
    expect(next.lastReview).toEqual(now);
  });

  test("a stored state converts to ts-fsrs and back unchanged", () => {
    const state = reviewWhenDue(new ManualClock(T0), [3, 3, 1]).at(-1)!;
    expect(fromFsrsCard(toFsrsCard(state))).toEqual(state);
  });
});

describe("bringing a card forward after a wrong trap prediction", () => {
  const scheduler = createReviewScheduler();

  test("creates a card due now when the learner had none", () => {
    const now = new Date(T0);
    expect(bringForward(scheduler, null, now)).toEqual(scheduler.newCard(now));
  });

  test("moves a card due later to now, keeping what FSRS learnt about it", () => {
    const learnt = reviewWhenDue(new ManualClock(T0), [3, 3, 3]).at(-1)!;
    const now = new Date(T0 + DAY);
    const bumped = bringForward(scheduler, learnt, now);
    expect(bumped.due).toEqual(now);
    expect({ ...bumped, due: learnt.due }).toEqual(learnt);
  });

  test("leaves a card that is already due as it is", () => {
    const learnt = reviewWhenDue(new ManualClock(T0), [3]).at(-1)!;
    const later = new Date(learnt.due.getTime() + DAY);
    expect(bringForward(scheduler, learnt, later)).toBe(learnt);
  });
});

test("intervals read as a person would say them", () => {
  const now = new Date(T0);
  const at = (ms: number) => new Date(T0 + ms);
  expect(describeInterval(at(20_000), now)).toBe("now");
  expect(describeInterval(at(10 * MINUTE), now)).toBe("10 min");
  expect(describeInterval(at(5 * 60 * MINUTE), now)).toBe("5 h");
  expect(describeInterval(at(DAY), now)).toBe("1 day");
  expect(describeInterval(at(12 * DAY), now)).toBe("12 days");
  expect(describeInterval(at(95 * DAY), now)).toBe("3 months");
  expect(describeInterval(at(800 * DAY), now)).toBe("2 years");
});
