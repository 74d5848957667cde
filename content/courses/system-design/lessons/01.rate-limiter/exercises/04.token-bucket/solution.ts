import type { Clock } from "judge";

/** Up to `capacity` tokens, refilled at `perSecond`; each request takes one (or `n`). */
export class TokenBucket {
  private readonly perMs: number;
  private tokens: number;
  private last: number;

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    private readonly clock: Clock,
  ) {
    this.perMs = perSecond / 1000;
    this.tokens = capacity; // a new client starts with a full bucket
    this.last = clock.now();
  }

  allow(): boolean {
    return this.tryAcquire(1);
  }

  /** Takes n tokens if the bucket holds at least n. */
  tryAcquire(n = 1): boolean {
    this.refill();
    if (this.tokens >= n) {
      this.tokens -= n;
      return true;
    }
    return false;
  }

  /** Tokens in the bucket right now (fractional). */
  available(): number {
    this.refill();
    return this.tokens;
  }

  private refill(): void {
    const now = this.clock.now();
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.last) * this.perMs);
    // Recorded on every call, including ones that end up denied: the tokens just credited
    // must not be credited again next time.
    this.last = now;
  }
}
