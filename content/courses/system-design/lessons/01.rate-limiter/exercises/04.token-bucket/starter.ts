import type { Clock } from "judge";

/** Up to `capacity` tokens, refilled at `perSecond`; each request takes one (or `n`). */
export class TokenBucket {
  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    private readonly clock: Clock,
  ) {}

  allow(): boolean {
    return this.tryAcquire(1);
  }

  /** Takes n tokens if the bucket holds at least n. */
  tryAcquire(n = 1): boolean {
    // Refill from the elapsed time first (there is no timer), then decide.
    return n > 0;
  }

  /** Tokens in the bucket right now (fractional). */
  available(): number {
    return this.capacity;
  }
}
