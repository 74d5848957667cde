// Solved / attempted / not started, the same everywhere an exercise's standing is shown (lists,
// the exercise page, My progress). Pure, so client components import it too.

export type ExerciseStatus = "solved" | "attempted" | "untouched";

export interface ExerciseTally {
  /** Submits. */
  attempts: number;
  /** Runs of the visible tests. */
  runs?: number;
  solved: boolean;
}

/** Solved once a Submit was accepted; attempted after any Run or Submit; untouched otherwise. */
export function exerciseStatus(tally: ExerciseTally | undefined): ExerciseStatus {
  if (!tally) return "untouched";
  if (tally.solved) return "solved";
  return tally.attempts > 0 || (tally.runs ?? 0) > 0 ? "attempted" : "untouched";
}

export const EXERCISE_STATUS_LABELS: Record<ExerciseStatus, string> = {
  solved: "✓ Solved",
  attempted: "Attempted",
  untouched: "Not started",
};
