import type { Quota } from "./judge-client";
import styles from "./exercise.module.css";

/**
 * One figure: the submissions left now. The server reports the allowance closest to running out
 * (the learner's own, or the network address's when a classroom shares one), so its size can
 * differ from answer to answer; the count left is the number that matters, and the sentence says
 * how it comes back.
 */
export function QuotaNote({ quota }: { quota: Quota }) {
  const refill =
    quota.resetSeconds !== undefined && quota.resetSeconds > 0 && quota.remaining < quota.limit
      ? ` Full again in ${formatWait(quota.resetSeconds)}.`
      : "";
  return (
    <p className={styles.shortcuts} data-testid="quota">
      {quota.remaining === 0
        ? "No submissions left for now."
        : `${quota.remaining} submission${quota.remaining === 1 ? "" : "s"} left for now.`}{" "}
      Submissions come from an allowance that refills over time; Run, in your browser, has no limit.
      {refill}
    </p>
  );
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  return `${Math.round(seconds / 60)} min`;
}
