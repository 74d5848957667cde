import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { InterviewFileError, parseInterviewFile } from "@/lib/content/interview";
import {
  buildAttempt,
  comparePhases,
  planPhases,
  phaseClock,
  roundBudgetMs,
} from "@/lib/interview";

const file = path.join(
  process.cwd(),
  "content/courses/system-design/lessons/01.rate-limiter/interview.yaml",
);
const interview = parseInterviewFile(fs.readFileSync(file, "utf8"), file);

describe("the rate limiter's interview.yaml", () => {
  test("has the six points of the Answer, nine follow-ups and a 45-minute round", () => {
    expect(interview.drill.points).toHaveLength(6);
    expect(interview.drill.seconds).toBe(45);
    expect(interview.followUps?.questions).toHaveLength(9);
    expect(roundBudgetMs(interview.simulation!.phases)).toBe(45 * 60_000);
    expect(interview.simulation!.phases.map((p) => p.id)).toEqual([
      "requirements",
      "api",
      "high-level-design",
      "deep-dives",
      "wrap-up",
    ]);
  });

  test("an empty rubric point or a duplicate follow-up is reported with its path", () => {
    const broken = `drill:\n  prompt: Q?\n  points:\n    - id: a\n      point: "  "\nfollowUps:\n  questions:\n    - card: x\n      points: [{ id: p, point: P }]\n    - card: x\n      points: [{ id: p, point: P }]\n`;
    expect(() => parseInterviewFile(broken, "interview.yaml")).toThrow(InterviewFileError);
    try {
      parseInterviewFile(broken, "interview.yaml");
    } catch (caught) {
      const message = (caught as Error).message;
      expect(message).toContain("drill.points.0.point: must not be empty");
      expect(message).toContain('followUps.questions.1.card: card "x" is asked twice');
    }
  });
});

describe("building an attempt from what the browser sent", () => {
  test("a drill scores the ticked points, caps the time at the limit and marks every point", () => {
    const ids = interview.drill.points.map((p) => p.id);
    const built = buildAttempt(interview, {
      kind: "drill",
      timeLimitMs: 45_000,
      timeUsedMs: 50_000,
      said: [ids[0]!, ids[2]!, ids[3]!, ids[5]!],
      answeredBy: "typing",
      typed: "Token bucket...",
    });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.record).toMatchObject({ kind: "drill", score: 4, total: 6, timeUsedMs: 45_000 });
    expect(built.record.marks).toHaveLength(6);
    expect(built.record.marks.filter((m) => m.said)).toHaveLength(4);
  });

  test("an unknown point or question is a field error, not a score", () => {
    const drill = buildAttempt(interview, {
      kind: "drill",
      timeLimitMs: 45_000,
      timeUsedMs: 1000,
      said: ["made-up"],
      answeredBy: "voice",
    });
    expect(drill).toEqual({
      ok: false,
      errors: [{ field: "said", reason: 'no rubric point has the id "made-up"' }],
    });
    const followUps = buildAttempt(interview, {
      kind: "follow-ups",
      questions: [
        { card: "refusal-status-code", said: [], rating: 3, timeUsedMs: 1, timeLimitMs: 90_000 },
      ],
    });
    expect(followUps.ok ? [] : followUps.errors[0]!.field).toBe("questions.0.card");
  });

  test("a simulation scores every phase, a skipped one as nothing said", () => {
    const built = buildAttempt(interview, {
      kind: "simulation",
      phases: [{ id: "requirements", said: ["identify-the-key", "rate-and-burst"], timeUsedMs: 1 }],
      notes: "keys: API key",
      drawing: null,
    });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.record.score).toBe(2);
    expect(built.record.total).toBe(14);
    expect(built.record.timeLimitMs).toBe(45 * 60_000);
    const details = built.record.details as { phases: { id: string; score: number }[] };
    expect(details.phases.map((p) => [p.id, p.score])).toEqual([
      ["requirements", 2],
      ["api", 0],
      ["high-level-design", 0],
      ["deep-dives", 0],
      ["wrap-up", 0],
    ]);
  });
});

describe("the simulation's phases", () => {
  test("start one after another by their budgets and report running over", () => {
    const plan = planPhases(interview.simulation!.phases);
    expect(plan.map((p) => p.startsAtMs / 60_000)).toEqual([0, 5, 10, 25, 40]);
    expect(phaseClock(5 * 60_000, 1000, 1000 + 4 * 60_000)).toEqual({
      remainingMs: 60_000,
      overBudget: false,
    });
    expect(phaseClock(5 * 60_000, 0, 6 * 60_000).overBudget).toBe(true);
  });

  test("attempts compare phase by phase, oldest first", () => {
    const rows = comparePhases(interview.simulation!.phases.slice(0, 2), [
      { phases: [{ id: "requirements", score: 1, total: 3 }] },
      {
        phases: [
          { id: "requirements", score: 3, total: 3 },
          { id: "api", score: 2, total: 2 },
        ],
      },
    ]);
    expect(rows[0]!.scores.map((s) => s?.score)).toEqual([1, 3]);
    expect(rows[1]!.scores).toEqual([null, { id: "api", score: 2, total: 2 }]);
  });
});
