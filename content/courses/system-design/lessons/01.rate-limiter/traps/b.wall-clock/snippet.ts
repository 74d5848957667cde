import type { Clock } from "judge";

/** The two clocks a process can read. In Node: `wall` is Date, `monotonic` is performance. */
export interface Clocks {
  /** Wall-clock time, Date.now(): NTP, an operator or a resumed VM can step it — backwards too. */
  wall: Clock;
  /** Time since the process started, performance.now(): it never jumps. */
  monotonic: Clock;
}

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
    this.lastRefill = clocks.wall.now();
  }

  allow(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private refill(): void {
    const now = this.clocks.wall.now();
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.lastRefill) * this.ratePerMs);
    this.lastRefill = now;
  }
}
