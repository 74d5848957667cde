import type { Phase } from "@/lib/content/interview";

// The 45-minute round as a plan of phases with their time budgets. Pure: the page asks which phase
// a moment of the round falls in; the learner may also move on early or run over.

export interface PlannedPhase {
  id: string;
  title: string;
  budgetMs: number;
  /** Offset of the phase's start from the start of the round, by the budgets. */
  startsAtMs: number;
}

export function planPhases(phases: readonly Phase[]): PlannedPhase[] {
  let offset = 0;
  return phases.map((phase) => {
    const planned = {
      id: phase.id,
      title: phase.title,
      budgetMs: phase.minutes * 60_000,
      startsAtMs: offset,
    };
    offset += planned.budgetMs;
    return planned;
  });
}

export function roundBudgetMs(phases: readonly Phase[]): number {
  return phases.reduce((sum, phase) => sum + phase.minutes * 60_000, 0);
}

export interface PhaseClock {
  /** Time left in the phase's budget; negative once it runs over. */
  remainingMs: number;
  overBudget: boolean;
}

/** How the current phase stands, `enteredAt` being when the learner entered it. */
export function phaseClock(budgetMs: number, enteredAt: number, now: number): PhaseClock {
  const remainingMs = budgetMs - Math.max(0, now - enteredAt);
  return { remainingMs, overBudget: remainingMs < 0 };
}

export interface PhaseScore {
  id: string;
  score: number;
  total: number;
}

export interface PhaseComparison {
  id: string;
  title: string;
  /** One entry per attempt, oldest first; null when the attempt had no such phase. */
  scores: (PhaseScore | null)[];
}

/** Phase by phase, each attempt's score side by side (content order; attempts oldest first). */
export function comparePhases(
  phases: readonly Phase[],
  attempts: readonly { phases: readonly PhaseScore[] }[],
): PhaseComparison[] {
  return phases.map((phase) => ({
    id: phase.id,
    title: phase.title,
    scores: attempts.map((attempt) => attempt.phases.find((p) => p.id === phase.id) ?? null),
  }));
}
