import { describeDuration } from "@/lib/interview/countdown";
import { describeScore } from "@/lib/interview/scoring";
import { LocalTime } from "@/app/_components/cards/local-time";
import type { AttemptJson } from "./interview-client";
import styles from "./interview.module.css";

/** Past attempts, newest first, each as "4 of 6" with its time and date. */
export function AttemptList({
  attempts,
  title = "Your past attempts",
  empty,
}: {
  attempts: readonly AttemptJson[];
  title?: string;
  empty: string;
}) {
  return (
    <section className={styles.attempts} aria-labelledby="past-attempts">
      <h2 id="past-attempts">{title}</h2>
      {attempts.length === 0 ? (
        <p className={styles.hint} data-testid="no-attempts">
          {empty}
        </p>
      ) : (
        <ol data-testid="attempts" reversed>
          {attempts.map((attempt) => (
            <li key={attempt.id} data-testid="attempt" className={styles.attempt}>
              <strong data-testid="attempt-score">
                {describeScore(attempt.score, attempt.total)}
              </strong>
              <span>
                in {describeDuration(attempt.timeUsedMs)} of {describeDuration(attempt.timeLimitMs)}
              </span>
              <LocalTime value={attempt.createdAt} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
