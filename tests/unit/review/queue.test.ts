import { describe, expect, test } from "vitest";
import {
  autoGrade,
  buildReviewQueue,
  createReviewScheduler,
  parseNumberAnswer,
  reviewStreak,
  type LessonCard,
  type StoredCardState,
} from "@/lib/review";

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 10, 12);
const scheduler = createReviewScheduler();

function card(id: string, source: LessonCard["source"] = "check-yourself"): LessonCard {
  return {
    id,
    source,
    section: "check-yourself",
    anchor: id,
    prompt: `${id}?`,
    answer: `${id}.`,
    course: "system-design",
    lesson: "rate-limiter",
    lessonTitle: "Rate limiter",
  };
}

function stored(id: string, dueInMs: number): StoredCardState {
  return {
    ...scheduler.grade(null, 3, new Date(T0 - DAY)),
    due: new Date(T0 + dueInMs),
    course: "system-design",
    lesson: "rate-limiter",
    card: id,
  };
}

describe("the review queue", () => {
  test("puts due cards first, oldest due first, then new cards", () => {
    const cards = [card("a"), card("b"), card("c"), card("d")];
    const queue = buildReviewQueue(cards, [stored("c", -DAY), stored("a", -60_000)], new Date(T0));
    expect(queue.entries.map((e) => e.card.id)).toEqual(["c", "a", "b", "d"]);
    expect(queue.dueCount).toBe(2);
    expect(queue.newCount).toBe(2);
  });

  test("reports the next due date among cards not due yet", () => {
    const cards = [card("a"), card("b"), card("c")];
    const queue = buildReviewQueue(
      cards,
      [stored("a", 3 * DAY), stored("b", DAY), stored("c", -DAY)],
      new Date(T0),
    );
    expect(queue.nextDue).toEqual(new Date(T0 + DAY));
    expect(queue.scheduledCount).toBe(3);
  });

  test("introduces at most the session's share of new cards", () => {
    const cards = Array.from({ length: 25 }, (_, i) => card(`c${i}`));
    const queue = buildReviewQueue(cards, [], new Date(T0), 10);
    expect(queue.newCount).toBe(10);
    expect(queue.entries.map((e) => e.card.id)).toEqual(cards.slice(0, 10).map((c) => c.id));
  });

  test("never introduces a trap card as new, but reviews it once a wrong prediction scheduled it", () => {
    const cards = [card("trap-a", "trap"), card("trap-b", "trap"), card("q")];
    const queue = buildReviewQueue(cards, [stored("trap-b", 0)], new Date(T0));
    expect(queue.entries.map((e) => e.card.id)).toEqual(["trap-b", "q"]);
  });

  test("ignores states whose card is no longer in the content", () => {
    const queue = buildReviewQueue([card("a")], [stored("gone", -DAY)], new Date(T0));
    expect(queue.dueCount).toBe(0);
    expect(queue.scheduledCount).toBe(0);
  });

  test("the streak counts consecutive days with a review, up to today or yesterday", () => {
    const now = new Date(T0);
    const days = (...offsets: number[]) => offsets.map((d) => new Date(T0 - d * DAY));
    expect(reviewStreak(days(0, 1, 2), now)).toBe(3);
    expect(reviewStreak(days(1, 2), now)).toBe(2);
    expect(reviewStreak(days(0, 2, 3), now)).toBe(1);
    expect(reviewStreak([], now)).toBe(0);
  });
});

describe("auto-graded cards", () => {
  test("a choice is right only at the correct index, and suggests Good or Again", () => {
    const grade = {
      kind: "choice" as const,
      choices: ["400", "429"],
      correct: 1,
      explanation: "x",
    };
    expect(autoGrade(grade, 1)).toMatchObject({ correct: true, suggested: 3, expected: "429" });
    expect(autoGrade(grade, 0)).toMatchObject({ correct: false, suggested: 1, expected: "429" });
  });

  test("a number is right within its tolerance", () => {
    const exact = { kind: "number" as const, correct: 200, explanation: "x" };
    expect(autoGrade(exact, 200).correct).toBe(true);
    expect(autoGrade(exact, 199).correct).toBe(false);
    const loose = { kind: "number" as const, correct: 100, tolerance: 2, explanation: "x" };
    expect(autoGrade(loose, 98).correct).toBe(true);
    expect(autoGrade(loose, 97).correct).toBe(false);
  });

  test("reads the number in what the learner typed", () => {
    expect(parseNumberAnswer("200")).toBe(200);
    expect(parseNumberAnswer(" 1,000 requests")).toBe(1000);
    expect(parseNumberAnswer("about 63")).toBe(63);
    expect(parseNumberAnswer("-3.5")).toBe(-3.5);
    expect(parseNumberAnswer("twice the limit")).toBeNull();
  });
});
