import type { Clock } from "judge";

/** At most `limit` requests per window of `windowMs`, windows aligned to clock zero. */
export class RateLimiter {
  private window = -1;
  private count = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  allow(): boolean {
    const window = Math.floor(this.clock.now() / this.windowMs);
    if (window !== this.window) {
      this.window = window; // a new minute: start counting again
      this.count = 0;
    }
    if (this.count < this.limit) {
      this.count++;
      return true;
    }
    return false;
  }
}
