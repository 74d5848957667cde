import type { Clock } from "judge";

/** The two clocks a process can read. In Node: `wall` is Date, `monotonic` is performance. */
export interface Clocks {
  /** Wall-clock time, Date.now(): NTP, an operator or a resumed VM can step it — backwards too. */
  wall: Clock;
  /** Time since the process started, performance.now(): it never jumps. */
  monotonic: Clock;
}

// The fix: measure elapsed time on the monotonic clock, and never let time "un-earn" tokens.
export class TokenBucket {
  private tokens: number;
  private lastRefill: number;
  private readonly ratePerMs: number;

  constructor(
    private readonly capacity: number,
    perSecond: number,
    private readonly clocks: Clocks,
  ) {
    this.tokens = capacity;
    this.ratePerMs = perSecond / 1000;
    this.lastRefill = clocks.monotonic.now();
  }

  allow(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private refill(): void {
    const now = this.clocks.monotonic.now();
    // Defensive: a monotonic clock does not go back, but a clock passed in by mistake might.
    const elapsed = Math.max(0, now - this.lastRefill);
    this.tokens = Math.min(this.capacity, this.tokens + elapsed * this.ratePerMs);
    this.lastRefill = now;
  }
}
