import type { Clock } from "./clock";

/**
 * "At most `limit` requests per window", with windows aligned to clock zero: [0, W), [W, 2W), ...
 * One counter and one window number per key, the cheapest limiter there is, and it admits up to
 * twice the limit across a boundary: `limit` at the end of one window, `limit` at the start of the next.
 */
export class FixedWindow {
  private window: number;
  private count = 0;

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
    const window = Math.floor(this.clock.now() / this.windowMs);
    if (window !== this.window) {
      // The reset is the whole algorithm, and also its flaw: history is forgotten at the boundary.
      this.window = window;
      this.count = 0;
    }
    if (this.count < this.limit) {
      this.count++;
      return true;
    }
    return false;
  }
}
