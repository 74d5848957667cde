import type { ResultsDocument } from "@/lib/judge/results";
import {
  bringCardForward,
  type ReviewScheduler,
  type ReviewStore,
  type SchedulingState,
} from "@/lib/review";
import type { Trap } from "./load-traps";
import { runScenario, judgeFix, type ScenarioRun } from "./run-trap";
import type { SandboxJudge } from "./sandbox-judge";
import { gradePrediction } from "./schema";

// What a learner's prediction and fix do, over injected dependencies (the viewer's progress store,
// the sandbox, the scheduler, the time), so the route handlers stay thin and tests need no server.

export interface TrapDeps {
  /** Appends a prediction or a fix to the viewer's trap attempts. */
  recordAttempt(attempt: {
    kind: "predict" | "fix";
    answer: string;
    correct: boolean;
  }): Promise<void>;
  /** The viewer's review cards. */
  cards: ReviewStore;
  scheduler: ReviewScheduler;
  judge: SandboxJudge;
  now(): Date;
}

/** What the learner sees of a scenario run (the full results document stays on the server). */
export interface ScenarioView {
  outcome: ScenarioRun["outcome"];
  problem: string | null;
  output: string;
  verdict: ResultsDocument["verdict"];
}

export interface PredictionResult {
  answer: number;
  correct: boolean;
  /** The right answer: a number, or the index of the right choice. */
  expected: number;
  run: ScenarioView;
  /** When the trap's review card is due, if the wrong prediction scheduled it. */
  cardDue: Date | null;
}

export interface FixResult {
  results: ResultsDocument;
  /** The scenario again, against the fix. */
  run: ScenarioView;
  accepted: boolean;
  /** The reference fix, shown once the learner's own is accepted. */
  reference: string | null;
}

function view(run: ScenarioRun): ScenarioView {
  return {
    outcome: run.outcome,
    problem: run.problem,
    output: run.output,
    verdict: run.results.verdict,
  };
}

/**
 * Records the prediction first — it is committed before anything runs — then, if it was wrong, brings
 * the trap's card forward, and runs the flawed snippet against the scenario.
 */
export async function predictTrap(
  trap: Trap,
  answer: number,
  deps: TrapDeps,
): Promise<PredictionResult> {
  const grade = gradePrediction(trap.prediction, answer);
  await deps.recordAttempt({ kind: "predict", answer: String(answer), correct: grade.correct });
  let cardDue: Date | null = null;
  if (!grade.correct) {
    const ref = { course: trap.course, lesson: trap.lesson, card: trap.card };
    const state: SchedulingState = await bringCardForward(
      deps.cards,
      deps.scheduler,
      ref,
      deps.now(),
    );
    cardDue = state.due;
  }
  const run = await runScenario(trap, trap.snippet, deps.judge);
  return { answer, correct: grade.correct, expected: grade.expected, run: view(run), cardDue };
}

/** Judges a fix with the trap's tests and replays the scenario against it; records the verdict. */
export async function submitFix(trap: Trap, code: string, deps: TrapDeps): Promise<FixResult> {
  const [results, run] = await Promise.all([
    judgeFix(trap, code, deps.judge),
    runScenario(trap, code, deps.judge),
  ]);
  const accepted = results.verdict === "accepted";
  await deps.recordAttempt({ kind: "fix", answer: code, correct: accepted });
  return { results, run: view(run), accepted, reference: accepted ? trap.solution : null };
}

export interface TrapProgress {
  /** The first prediction (the one that counts), if any. */
  firstPrediction: { answer: number; correct: boolean } | null;
  predictions: number;
  fixAttempts: number;
  fixed: boolean;
}

/** Summarises one lesson's attempts per trap id. */
export function summariseAttempts(
  attempts: readonly { trap: string; kind: string; answer: string; correct: boolean }[],
): Record<string, TrapProgress> {
  const byTrap: Record<string, TrapProgress> = {};
  for (const attempt of attempts) {
    const entry = (byTrap[attempt.trap] ??= {
      firstPrediction: null,
      predictions: 0,
      fixAttempts: 0,
      fixed: false,
    });
    if (attempt.kind === "predict") {
      entry.predictions++;
      const answer = Number(attempt.answer);
      if (entry.firstPrediction === null && Number.isFinite(answer)) {
        entry.firstPrediction = { answer, correct: attempt.correct };
      }
    } else if (attempt.kind === "fix") {
      entry.fixAttempts++;
      if (attempt.correct) entry.fixed = true;
    }
  }
  return byTrap;
}
