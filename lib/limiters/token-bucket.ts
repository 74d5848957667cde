import type { Clock } from "./clock";

/**
 * A bucket of up to `capacity` tokens, refilled at `perSecond`; each request takes one (or `n`).
 * Capacity is the burst you allow, the refill rate is the sustained limit: two separate dials.
 *
 * There is no timer. The refill is computed from the elapsed time when a request arrives, so an idle
 * key costs nothing, and the bucket can never hold more than `capacity`, however long it sat idle.
 */
export class TokenBucket {
  private readonly perMs: number;
  private tokens: number;
  private last: number;

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    private readonly clock: Clock,
  ) {
    if (!(capacity > 0)) throw new RangeError(`capacity must be > 0, got ${capacity}`);
    if (!(perSecond > 0)) throw new RangeError(`perSecond must be > 0, got ${perSecond}`);
    this.perMs = perSecond / 1000;
    this.tokens = capacity; // a new client starts with a full bucket
    this.last = clock.now();
  }

  allow(): boolean {
    return this.tryAcquire(1);
  }

  /** Takes n tokens if the bucket holds at least n; weights a request by its cost. */
  tryAcquire(n = 1): boolean {
    if (!(n > 0)) throw new RangeError(`n must be > 0, got ${n}`);
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
