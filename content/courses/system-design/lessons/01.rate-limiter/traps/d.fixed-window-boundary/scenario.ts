import { ManualClock, burst } from "judge";
import { RateLimiter } from "./solution";

/** 100 per 60-second window. 100 requests arrive at t = 59 s and 100 more at t = 60 s. */
export function scenario() {
  const clock = new ManualClock();
  const limiter = new RateLimiter(100, 60_000, clock);
  clock.advance(59_000);
  const before = burst(limiter, 100);
  clock.advance(1_000);
  const after = burst(limiter, 100);
  const total = before + after;
  return {
    answer: total,
    summary: `${total} requests were admitted within one second: ${before} at 59 s and ${after} at 60 s.`,
    facts: [
      { label: "Admitted at t = 59 s (100 sent)", value: before },
      { label: "Admitted at t = 60 s (100 sent)", value: after },
      { label: "Admitted within that one second", value: total },
      { label: "The documented limit", value: "100 per minute" },
    ],
  };
}
