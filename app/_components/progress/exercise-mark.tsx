"use client";

import { EXERCISE_STATUS_LABELS, exerciseStatus } from "@/lib/progress/exercise-status";
import { useLearnerSummary } from "./learner-summary-store";
import styles from "./standing.module.css";

/**
 * Solved / attempted (a Run or a Submit) / not started, for one exercise in a list or on its page.
 * Until the summary is in, an invisible mark of the same size holds its place, so the line it sits
 * in does not wrap or move when the summary arrives (a layout shift on a phone, decision 295).
 */
export function ExerciseMark({ exercise }: { exercise: string }) {
  const { summary } = useLearnerSummary();
  if (!summary) {
    return (
      <span className={styles.mark} data-status="pending" aria-hidden="true">
        {EXERCISE_STATUS_LABELS.untouched}
      </span>
    );
  }
  const status = exerciseStatus(summary.exercises[exercise]);
  return (
    <span className={styles.mark} data-status={status} data-testid="exercise-mark">
      {EXERCISE_STATUS_LABELS[status]}
    </span>
  );
}
