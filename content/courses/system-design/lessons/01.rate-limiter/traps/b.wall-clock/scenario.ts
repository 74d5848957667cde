import { ManualClock } from "judge";
import { TokenBucket } from "./solution";

/**
 * A bucket of 10 refilling at 5 a second is emptied by a burst. Then NTP steps the wall clock back
 * 30 seconds, and the client sends one request a second for a minute. Real time keeps flowing on the
 * monotonic clock; the wall clock reads 30 s behind it from the step on.
 */
export function scenario() {
  const monotonic = new ManualClock(1_000_000);
  let step = 0;
  const wall = { now: () => monotonic.now() + step };
  const bucket = new TokenBucket(10, 5, { wall, monotonic });

  let burst = 0;
  for (let i = 0; i < 10; i++) if (bucket.allow()) burst++;

  monotonic.advance(100);
  step = -30_000; // the NTP correction

  const rows: (string | number)[][] = [];
  let admitted = 0;
  let refusedInARow = 0;
  let firstAdmitted: number | null = null;
  for (let second = 1; second <= 60; second++) {
    monotonic.advance(second * 1000 - (monotonic.now() - 1_000_000));
    const ok = bucket.allow();
    if (ok) {
      admitted++;
      firstAdmitted ??= second;
    } else if (firstAdmitted === null) {
      refusedInARow++;
    }
    if (second <= 3 || second % 10 === 0 || second === firstAdmitted) {
      rows.push([`${second} s`, ok ? "admitted" : "refused"]);
    }
  }

  // Which of the question's four outcomes happened.
  const answer = refusedInARow >= 20 ? 2 : admitted === 60 ? 0 : 1;
  return {
    answer,
    summary:
      refusedInARow > 0
        ? `Every request was refused for the first ${refusedInARow} seconds after the clock stepped back.`
        : `Service went on as usual: ${admitted} of 60 requests were admitted.`,
    facts: [
      { label: "The burst before the step (10 sent)", value: burst },
      { label: "Requests refused in a row after the step", value: refusedInARow },
      {
        label: "First request admitted after the step",
        value: firstAdmitted === null ? "none" : `${firstAdmitted} s`,
      },
      { label: "Admitted over the minute (60 sent)", value: admitted },
    ],
    table: { columns: ["After the step", "Decision"], rows },
  };
}
