import { describe, expect, test } from "vitest";
import { ManualClock } from "@/lib/limiters/clock";
import { cardKey, createReviewScheduler, type SchedulingState } from "@/lib/review";
import {
  inProcessJudge,
  loadTrap,
  predictTrap,
  submitFix,
  summariseAttempts,
  type SandboxJudge,
  type TrapDeps,
} from "@/lib/traps";

const lesson = {
  dir: "content/courses/system-design/lessons/01.rate-limiter",
  courseSlug: "system-design",
  slug: "rate-limiter",
};
const T0 = Date.UTC(2026, 0, 10, 12);

/** Everything a route binds to one viewer, in memory, with a log of what happened in which order. */
function fakeDeps(judge: SandboxJudge = inProcessJudge) {
  const events: string[] = [];
  const attempts: { kind: string; answer: string; correct: boolean }[] = [];
  const cards = new Map<string, SchedulingState>();
  const clock = new ManualClock(T0);
  const deps: TrapDeps = {
    recordAttempt: async (attempt) => {
      events.push(`record ${attempt.kind}`);
      attempts.push(attempt);
    },
    cards: {
      getCardState: async (ref) => cards.get(cardKey(ref)) ?? null,
      recordReview: async (ref, review) => {
        events.push(`card ${ref.card} rating ${review.rating}`);
        cards.set(cardKey(ref), review.next);
      },
    },
    scheduler: createReviewScheduler(),
    judge: async (job) => {
      events.push(`run ${job.suites[0]!.file}`);
      return judge(job);
    },
    now: () => new Date(clock.now()),
  };
  return { deps, events, attempts, cards };
}

describe("a prediction", () => {
  const trap = loadTrap(lesson, "divided-limit")!;

  test("is recorded before anything runs, then the snippet runs against the scenario", async () => {
    const { deps, events } = fakeDeps();
    const result = await predictTrap(trap, 63, deps);
    expect(events).toEqual(["record predict", "run scenario.ts"]);
    expect(result).toMatchObject({ answer: 63, correct: true, expected: 63, cardDue: null });
    expect(result.run.outcome?.answer).toBe(63);
  });

  test("that is wrong puts the trap's card in the review queue, due now, and is not punished", async () => {
    const { deps, events, attempts, cards } = fakeDeps();
    const result = await predictTrap(trap, 100, deps);
    expect(result.correct).toBe(false);
    expect(result.expected).toBe(63);
    expect(result.cardDue).toEqual(new Date(T0));
    expect(events).toEqual([
      "record predict",
      "card trap-divided-limit rating 0",
      "run scenario.ts",
    ]);
    expect(attempts).toEqual([{ kind: "predict", answer: "100", correct: false }]);
    const card = cards.get(
      cardKey({ course: "system-design", lesson: "rate-limiter", card: "trap-divided-limit" }),
    );
    expect(card?.due).toEqual(new Date(T0));
    expect(card?.reps).toBe(0);
  });

  test("can be retried; the first one is the one that counts", async () => {
    const { deps, attempts } = fakeDeps();
    await predictTrap(trap, 100, deps);
    await predictTrap(trap, 63, deps);
    const summary = summariseAttempts(attempts.map((a) => ({ ...a, trap: trap.id })));
    expect(summary[trap.id]).toEqual({
      firstPrediction: { answer: 100, correct: false },
      predictions: 2,
      fixAttempts: 0,
      fixed: false,
    });
  });
});

describe("a fix", () => {
  const trap = loadTrap(lesson, "fixed-window-boundary")!;

  test("that passes the tests is recorded as fixed, replays the scenario and reveals the reference", async () => {
    const { deps, attempts, events } = fakeDeps();
    const result = await submitFix(trap, trap.solution, deps);
    expect(result.accepted).toBe(true);
    expect(result.results.verdict).toBe("accepted");
    expect(result.run.outcome?.answer).toBe(101);
    expect(result.reference).toBe(trap.solution);
    expect(attempts).toEqual([{ kind: "fix", answer: trap.solution, correct: true }]);
    expect(events.sort()).toEqual(["record fix", "run scenario.ts", "run tests.ts"]);
  });

  test("that fails is recorded as a failed attempt, without the reference", async () => {
    const { deps, attempts } = fakeDeps();
    const result = await submitFix(trap, trap.snippet, deps);
    expect(result.accepted).toBe(false);
    expect(result.results.verdict).toBe("wrong_answer");
    expect(result.reference).toBeNull();
    expect(attempts[0]).toMatchObject({ kind: "fix", correct: false });
    expect(summariseAttempts(attempts.map((a) => ({ ...a, trap: trap.id })))[trap.id]?.fixed).toBe(
      false,
    );
  });
});
