import type { Clock } from "judge";

/** The sliding window approximated with the counts of the current and previous aligned windows. */
export class SlidingCounter {
  private window: number;
  private previous = 0;
  private current = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: Clock,
  ) {
    this.window = Math.floor(clock.now() / windowMs);
  }

  allow(): boolean {
    const now = this.clock.now();
    this.roll(now);
    if (this.estimate(now) < this.limit) {
      this.current++;
      return true;
    }
    // A refused request is not counted: a client hammering while over its limit does not extend
    // its own penalty.
    return false;
  }

  /** Requests in the last windowMs, assuming the previous window's were evenly spread. */
  private estimate(now: number): number {
    const elapsed = now - this.window * this.windowMs;
    return this.previous * ((this.windowMs - elapsed) / this.windowMs) + this.current;
  }

  private roll(now: number): void {
    const window = Math.floor(now / this.windowMs);
    if (window === this.window) return;
    // Only the window immediately before this one overlaps the sliding window.
    this.previous = window === this.window + 1 ? this.current : 0;
    this.current = 0;
    this.window = window;
  }
}
