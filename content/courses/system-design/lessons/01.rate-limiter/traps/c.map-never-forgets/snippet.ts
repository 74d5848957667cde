import type { Clock } from "judge";

/** The most buckets this process can afford to hold. */
export const MAX_KEYS = 10_000;

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    readonly capacity: number,
    private readonly perSecond: number,
    private readonly clock: Clock,
  ) {
    this.tokens = capacity;
    this.last = clock.now();
  }

  /** Tokens available now. */
  available(): number {
    const now = this.clock.now();
    this.tokens = Math.min(
      this.capacity,
      this.tokens + ((now - this.last) * this.perSecond) / 1000,
    );
    this.last = now;
    return this.tokens;
  }

  allow(): boolean {
    if (this.available() < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** One token bucket per user: 10 requests at once, 5 a second after that. */
export class PerUserLimiter {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(private readonly clock: Clock) {}

  allow(userId: string): boolean {
    return this.bucketFor(userId).allow();
  }

  /** How many users the limiter holds state for. */
  get size(): number {
    return this.buckets.size;
  }

  private bucketFor(userId: string): TokenBucket {
    let bucket = this.buckets.get(userId);
    if (bucket === undefined) {
      bucket = new TokenBucket(10, 5, this.clock);
      this.buckets.set(userId, bucket);
    }
    return bucket;
  }
}
