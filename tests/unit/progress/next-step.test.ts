import { describe, expect, test } from "vitest";
import { nextStep, type LessonOutline } from "@/lib/progress/next-step";

const outline: LessonOutline = {
  sections: [
    { slug: "answer", title: "The Answer", href: "/l/answer" },
    { slug: "practice", title: "Practice", href: "/l/practice" },
  ],
  exercises: [
    { slug: "fixed-window", title: "Fixed window", href: "/l/exercises/fixed-window" },
    { slug: "sliding-log", title: "Sliding log", href: "/l/exercises/sliding-log" },
  ],
  traps: [{ id: "wall-clock", title: "Trap B: the wall clock", href: "/l/code-traps#trap-b" }],
  reviewHref: "/review",
};

const nothing = { sectionsRead: [], solvedExercises: [], trapsDone: [], cardsDue: 0 };

describe("the Continue link of a lesson", () => {
  test("starts with the first section not read", () => {
    expect(nextStep(outline, nothing)).toEqual({
      kind: "section",
      label: "The Answer",
      href: "/l/answer",
    });
    expect(nextStep(outline, { ...nothing, sectionsRead: ["answer"] }).href).toBe("/l/practice");
  });

  test("continues after the section last read, wrapping to an earlier one left unread", () => {
    expect(
      nextStep(outline, { ...nothing, lastRead: "answer", sectionsRead: ["answer"] }).href,
    ).toBe("/l/practice");
    expect(
      nextStep(outline, { ...nothing, lastRead: "practice", sectionsRead: ["practice"] }).href,
    ).toBe("/l/answer");
  });

  test("then the first exercise not solved, in the lesson's order", () => {
    const done = {
      ...nothing,
      sectionsRead: ["answer", "practice"],
      solvedExercises: ["fixed-window"],
    };
    expect(nextStep(outline, done)).toEqual({
      kind: "exercise",
      label: "Exercise: Sliding log",
      href: "/l/exercises/sliding-log",
    });
  });

  test("then traps, then cards due, then done", () => {
    const all = {
      sectionsRead: ["answer", "practice"],
      solvedExercises: ["fixed-window", "sliding-log"],
      trapsDone: [],
      cardsDue: 0,
    };
    expect(nextStep(outline, all).kind).toBe("trap");
    expect(nextStep(outline, { ...all, trapsDone: ["wall-clock"], cardsDue: 3 })).toEqual({
      kind: "review",
      label: "Review 3 cards",
      href: "/review",
    });
    expect(nextStep(outline, { ...all, trapsDone: ["wall-clock"] }).kind).toBe("done");
  });
});
