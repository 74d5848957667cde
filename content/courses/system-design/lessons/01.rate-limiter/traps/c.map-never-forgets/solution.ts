import type { Clock } from "judge";

/** The most buckets this process can afford to hold. */
export const MAX_KEYS = 10_000;

/** How often allow() sweeps out buckets that have refilled (simulated ms). */
const SWEEP_EVERY_MS = 1_000;

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

// The fix: forget buckets that carry no information (a full bucket equals a fresh one), and cap the
// map, least recently used out first. A Map iterates in insertion order, so re-inserting a key on
// every use keeps the least recently used one first.
export class PerUserLimiter {
  private readonly buckets = new Map<string, TokenBucket>();
  private lastSweep: number;

  constructor(private readonly clock: Clock) {
    this.lastSweep = clock.now();
  }

  allow(userId: string): boolean {
    this.sweepIfDue();
    return this.bucketFor(userId).allow();
  }

  /** How many users the limiter holds state for. */
  get size(): number {
    return this.buckets.size;
  }

  private bucketFor(userId: string): TokenBucket {
    let bucket = this.buckets.get(userId);
    if (bucket !== undefined) {
      this.buckets.delete(userId);
    } else {
      bucket = new TokenBucket(10, 5, this.clock);
      // Evicting forgets a debt: size MAX_KEYS well above the real number of active users, so this
      // only happens under attack, where a bound matters more than precision.
      if (this.buckets.size >= MAX_KEYS) this.buckets.delete(this.buckets.keys().next().value!);
    }
    this.buckets.set(userId, bucket);
    return bucket;
  }

  private sweepIfDue(): void {
    const now = this.clock.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.buckets.forEach((bucket, key) => {
      if (bucket.available() >= bucket.capacity) this.buckets.delete(key);
    });
  }
}
