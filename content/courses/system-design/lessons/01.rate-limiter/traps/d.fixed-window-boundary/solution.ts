import type { Clock } from "judge";

// The fix: a token bucket with the window's budget as its capacity, refilled continuously at
// limit per windowMs. Nothing resets at a boundary, so a burst on each side of one cannot add up.
// (A two-counter sliding window, which still weighs the previous window, works as well.)
export class RateLimiter {
  private tokens: number;
  private last: number;
  private readonly ratePerMs: number;

  constructor(
    private readonly limit: number,
    windowMs: number,
    private readonly clock: Clock,
  ) {
    this.tokens = limit;
    this.last = clock.now();
    this.ratePerMs = limit / windowMs;
  }

  allow(): boolean {
    const now = this.clock.now();
    this.tokens = Math.min(this.limit, this.tokens + Math.max(0, now - this.last) * this.ratePerMs);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
