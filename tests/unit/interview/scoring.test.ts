import { describe, expect, test } from "vitest";
import { ManualClock } from "@/lib/limiters/clock";
import {
  countdownAt,
  describeDuration,
  describeScore,
  formatClock,
  scoreRubric,
  suggestRating,
  summarizeSession,
  timeUsed,
  UnknownRubricPointError,
} from "@/lib/interview";

const points = ["a", "b", "c", "d", "e", "f"].map((id) => ({ id, point: `point ${id}` }));

describe("the 45-second countdown on a fake clock", () => {
  test("shows 45 at the start, 45 until a whole second has gone, and 0 when it runs out", () => {
    const clock = new ManualClock(1_000_000);
    const started = clock.now();
    expect(countdownAt(started, 45_000, clock.now())).toMatchObject({
      secondsShown: 45,
      remainingMs: 45_000,
      expired: false,
    });
    clock.advance(800);
    expect(countdownAt(started, 45_000, clock.now()).secondsShown).toBe(45);
    clock.advance(200);
    expect(countdownAt(started, 45_000, clock.now()).secondsShown).toBe(44);
    clock.advance(44_000);
    expect(countdownAt(started, 45_000, clock.now())).toMatchObject({
      secondsShown: 0,
      expired: true,
      elapsedMs: 45_000,
    });
    clock.advance(10_000);
    expect(countdownAt(started, 45_000, clock.now()).elapsedMs).toBe(45_000);
  });

  test("time used is what passed before Stop, never more than the limit", () => {
    const clock = new ManualClock(0);
    const started = clock.now();
    clock.advance(38_400);
    expect(timeUsed(started, clock.now(), 45_000)).toBe(38_400);
    clock.advance(60_000);
    expect(timeUsed(started, clock.now(), 45_000)).toBe(45_000);
    expect(formatClock(45_000)).toBe("0:45");
    expect(formatClock(44_001)).toBe("0:45");
    expect(formatClock(45 * 60_000)).toBe("45:00");
    expect(describeDuration(38_400)).toBe("38 s");
    expect(describeDuration(125_000)).toBe("2 min 5 s");
  });
});

describe("scoring against the rubric", () => {
  test("four ticked points of six is 4 of 6, said and missed in rubric order", () => {
    const result = scoreRubric(points, ["f", "a", "c", "d"]);
    expect(result).toEqual({
      score: 4,
      total: 6,
      said: ["a", "c", "d", "f"],
      missed: ["b", "e"],
    });
    expect(describeScore(result.score, result.total)).toBe("4 of 6");
  });

  test("ticking a point twice counts once; an unknown point is refused", () => {
    expect(scoreRubric(points, ["a", "a"]).score).toBe(1);
    expect(() => scoreRubric(points, ["z"])).toThrow(UnknownRubricPointError);
  });

  test("the suggested grade follows the share of points said", () => {
    expect([0, 1, 2, 3].map((score) => suggestRating(score, 3))).toEqual([1, 2, 3, 4]);
    expect(suggestRating(1, 2)).toBe(3);
    expect(suggestRating(0, 0)).toBe(1);
  });

  test("a session summary splits strong answers from those to revisit, soonest due first", () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000);
    const summary = summarizeSession([
      { card: "a", prompt: "A?", score: 3, total: 3, rating: 4, due: at(6000) },
      { card: "b", prompt: "B?", score: 1, total: 3, rating: 2, due: at(30) },
      { card: "c", prompt: "C?", score: 0, total: 2, rating: 1, due: at(1) },
    ]);
    expect(summary.strong.map((a) => a.card)).toEqual(["a"]);
    expect(summary.revisit.map((a) => a.card)).toEqual(["c", "b"]);
    expect(summary).toMatchObject({ score: 4, total: 8, nextDue: at(1) });
    expect(summarizeSession([]).nextDue).toBeNull();
  });
});
