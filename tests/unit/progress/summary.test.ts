import { describe, expect, test } from "vitest";
import type { ProgressOverview } from "@/lib/progress/account";
import { lessonKey } from "@/lib/progress/lesson-key";
import { summarizeLearner } from "@/lib/progress/summary";
import type { LessonCard } from "@/lib/review/queue";

const now = new Date("2026-12-01T12:00:00Z");

function card(
  lesson: string,
  id: string,
  source: LessonCard["source"] = "check-yourself",
): LessonCard {
  return {
    id,
    source,
    prompt: "?",
    answer: "!",
    section: "check-yourself",
    anchor: id,
    course: "c",
    lesson,
    lessonTitle: lesson,
  } as LessonCard;
}

const overview: ProgressOverview = {
  lessons: [{ course: "c", lesson: "one", sectionsRead: ["answer", "understand"] }],
  exercises: {
    "fixed-window": { attempts: 2, runs: 3, bestVerdict: "accepted", solved: true },
    "sliding-log": { attempts: 1, runs: 0, bestVerdict: "wrong_answer", solved: false },
    "token-bucket": { attempts: 0, runs: 2, bestVerdict: null, solved: false },
  },
  traps: [
    {
      course: "c",
      lesson: "one",
      trap: "a",
      predicted: true,
      predictedCorrectly: false,
      fixed: true,
    },
    {
      course: "c",
      lesson: "one",
      trap: "b",
      predicted: true,
      predictedCorrectly: true,
      fixed: false,
    },
  ],
  cardsDue: 0,
  streak: 1,
  counts: {
    sectionsRead: 2,
    submissions: 3,
    exercisesRun: 2,
    exercisesSolved: 1,
    drafts: 0,
    trapsPredicted: 2,
    trapsFixed: 1,
    cardsDue: 0,
  },
};

describe("the learner's summary that static pages show", () => {
  test("someone new has no work, and every card of a lesson counts as to review", () => {
    const summary = summarizeLearner({
      user: null,
      overview: null,
      cards: [card("one", "x"), card("one", "y"), card("one", "t", "trap"), card("two", "z")],
      states: [],
      now,
    });
    expect(summary.hasWork).toBe(false);
    expect(summary.review).toEqual({ due: 0, fresh: 3 });
    expect(summary.lessons[lessonKey("c", "one")]?.cardsDue).toBe(2);
    expect(summary.exercises).toEqual({});
  });

  test("sections read, fixed traps and solved or attempted exercises are listed per lesson", () => {
    const summary = summarizeLearner({
      user: { name: "Ada", anonymous: false },
      overview,
      cards: [],
      states: [],
      now,
    });
    expect(summary.hasWork).toBe(true);
    expect(summary.lessons[lessonKey("c", "one")]).toEqual({
      sectionsRead: ["answer", "understand"],
      trapsDone: ["a"],
      cardsDue: 0,
    });
    expect(summary.exercises["fixed-window"]).toEqual({ attempts: 2, runs: 3, solved: true });
    expect(summary.exercises["sliding-log"]).toEqual({ attempts: 1, runs: 0, solved: false });
    expect(summary.exercises["token-bucket"]).toEqual({ attempts: 0, runs: 2, solved: false });
  });

  test("an exercise only ran, never submitted, is work worth saving", () => {
    const counts = { ...overview.counts, sectionsRead: 0, submissions: 0, trapsPredicted: 0 };
    const ranOnly: ProgressOverview = {
      ...overview,
      lessons: [],
      traps: [],
      exercises: { "token-bucket": { attempts: 0, runs: 1, bestVerdict: null, solved: false } },
      counts: { ...counts, exercisesRun: 1, exercisesSolved: 0 },
    };
    const summary = summarizeLearner({
      user: { name: "Anonymous", anonymous: true },
      overview: ranOnly,
      cards: [],
      states: [],
      now,
    });
    expect(summary.hasWork).toBe(true);
    expect(summary.exercises["token-bucket"]).toEqual({ attempts: 0, runs: 1, solved: false });
  });

  test("a card reviewed and not yet due leaves the count", () => {
    const state = {
      course: "c",
      lesson: "one",
      card: "x",
      due: new Date("2026-12-05T00:00:00Z"),
      stability: 3,
      difficulty: 5,
      elapsedDays: 0,
      scheduledDays: 4,
      learningSteps: 0,
      reps: 1,
      lapses: 0,
      state: 2,
      lastReview: now,
    };
    const summary = summarizeLearner({
      user: null,
      overview: null,
      cards: [card("one", "x"), card("one", "y")],
      states: [state],
      now,
    });
    expect(summary.review).toEqual({ due: 0, fresh: 1 });
    expect(summary.lessons[lessonKey("c", "one")]?.cardsDue).toBe(1);
    expect(summary.hasWork).toBe(true);
  });
});
