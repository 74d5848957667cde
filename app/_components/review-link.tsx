"use client";

import Link from "next/link";
import { useLearnerSummary } from "./progress/learner-summary-store";
import styles from "./site-header.module.css";

/**
 * "Review" with the number of cards due now, once the summary has arrived. New cards are not
 * counted: there are always some, and a badge that never goes away says nothing.
 */
export function ReviewLink() {
  const { summary } = useLearnerSummary();
  const count = summary ? summary.review.due : null;
  return (
    <Link href="/review" data-testid="review-link">
      Review
      {count !== null && count > 0 ? (
        <span className={styles.count} data-testid="review-count">
          <span className="sr-only">, </span>
          {count}
          <span className="sr-only"> {count === 1 ? "card" : "cards"} due</span>
        </span>
      ) : null}
    </Link>
  );
}
