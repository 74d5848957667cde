"use client";

import { EXERCISE_STATUS_LABELS, exerciseStatus } from "@/lib/progress/exercise-status";
import { useLearnerSummary } from "./learner-summary-store";
import styles from "./standing.module.css";

/**
 * Solved / attempted (a Run or a Submit) / not started, for one exercise in a list or on its page;
 * nothing until the summary is in.
 */
export function ExerciseMark({ exercise }: { exercise: string }) {
  const { summary } = useLearnerSummary();
  if (!summary) return null;
  const status = exerciseStatus(summary.exercises[exercise]);
  return (
    <span className={styles.mark} data-status={status} data-testid="exercise-mark">
      {EXERCISE_STATUS_LABELS[status]}
    </span>
  );
}
