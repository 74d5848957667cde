import { fsrs, generatorParameters } from "ts-fsrs";
import type { FollowUp } from "@/lib/content/interview";
import { toFsrsCard, type SchedulingState } from "@/lib/review/scheduler";

// The interviewer asks the weakest questions first. "Weak" is read off the FSRS state of each
// question's card: the probability of recalling it now (ts-fsrs' retrievability). A card never
// reviewed counts as 0, the weakest; ties go to the higher FSRS difficulty, then the more lapses,
// then the lesson's order, so the same states always give the same order (docs/decisions/170).

export interface RankedFollowUp {
  question: FollowUp;
  state: SchedulingState | null;
  /** Probability of recall at `now`, 0–1 (0 for a card never reviewed). */
  recall: number;
}

const engine = fsrs(generatorParameters({ enable_fuzz: false }));

export function recallAt(state: SchedulingState | null, now: Date): number {
  if (!state || state.reps === 0 || !state.lastReview) return 0;
  const value = engine.get_retrievability(toFsrsCard(state), now, false);
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

export function orderFollowUps(
  questions: readonly FollowUp[],
  states: ReadonlyMap<string, SchedulingState>,
  now: Date,
): RankedFollowUp[] {
  return questions
    .map((question, index) => {
      const state = states.get(question.card) ?? null;
      return { question, state, recall: recallAt(state, now), index };
    })
    .sort(
      (a, b) =>
        a.recall - b.recall ||
        (b.state?.difficulty ?? 0) - (a.state?.difficulty ?? 0) ||
        (b.state?.lapses ?? 0) - (a.state?.lapses ?? 0) ||
        a.index - b.index,
    )
    .map(({ index: _index, ...ranked }) => ranked);
}
