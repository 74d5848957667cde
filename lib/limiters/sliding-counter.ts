import type { Clock } from "./clock";

/**
 * The sliding window approximated with two integers: the count of the current aligned window and of
 * the previous one. The previous window's count fades out linearly as the current window fills, as if
 * its requests had been spread evenly across it.
 */
export class SlidingCounter {
  private window: number;
  private previous = 0;
  private current = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: Clock,
  ) {
    if (!(limit >= 0)) throw new RangeError(`limit must be >= 0, got ${limit}`);
    if (!(windowMs > 0)) throw new RangeError(`windowMs must be > 0, got ${windowMs}`);
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
    // Only the window immediately before this one overlaps the sliding window; anything older has
    // fully aged out.
    this.previous = window === this.window + 1 ? this.current : 0;
    this.current = 0;
    this.window = window;
  }
}
