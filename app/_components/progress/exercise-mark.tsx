"use client";

import { useLearnerSummary } from "./learner-summary-store";
import styles from "./standing.module.css";

const labels = { solved: "✓ Solved", attempted: "Attempted", untouched: "Not started" } as const;

/** Solved / attempted / not started, for one exercise in a list; nothing until the summary is in. */
export function ExerciseMark({ exercise }: { exercise: string }) {
  const { summary } = useLearnerSummary();
  if (!summary) return null;
  const progress = summary.exercises[exercise];
  const status = progress?.solved
    ? "solved"
    : progress && progress.attempts > 0
      ? "attempted"
      : "untouched";
  return (
    <span className={styles.mark} data-status={status} data-testid="exercise-mark">
      {labels[status]}
    </span>
  );
}
