import type { Clock } from "judge";

export interface KeyedLimiterOptions {
  /** Burst per key. */
  capacity: number;
  /** Sustained rate per key. */
  perSecond: number;
  /** Hard cap on keys held; past it the least recently used key is forgotten. */
  maxKeys: number;
  /** A key idle this long whose bucket is full again may be forgotten (default 10 s). */
  forgetIdleAfterMs?: number;
  clock: Clock;
}

interface KeyState {
  tokens: number;
  /** Time of the last refill, which is also the time of the key's last request. */
  last: number;
}

/** Stale keys examined per request: enough to keep up with any arrival rate, cheap enough to ignore. */
const SWEEP_PER_CALL = 2;

/** A token bucket per key, in bounded memory. */
export class KeyedLimiter {
  // Insertion order is recency order: every request deletes and re-inserts its key, so the first
  // entry is always the least recently used.
  private readonly keys = new Map<string, KeyState>();
  private readonly capacity: number;
  private readonly perMs: number;
  private readonly maxKeys: number;
  private readonly forgetIdleAfterMs: number;
  private readonly clock: Clock;

  constructor(options: KeyedLimiterOptions) {
    this.capacity = options.capacity;
    this.perMs = options.perSecond / 1000;
    this.maxKeys = options.maxKeys;
    this.forgetIdleAfterMs = options.forgetIdleAfterMs ?? 10_000;
    this.clock = options.clock;
  }

  allow(key: string): boolean {
    return this.tryAcquire(key, 1);
  }

  tryAcquire(key: string, cost = 1): boolean {
    const now = this.clock.now();
    let state = this.keys.get(key);
    if (state === undefined) {
      if (this.keys.size >= this.maxKeys) this.forgetLeastRecentlyUsed();
      state = { tokens: this.capacity, last: now };
    } else {
      this.keys.delete(key);
    }
    this.keys.set(key, state);

    state.tokens = Math.min(this.capacity, state.tokens + (now - state.last) * this.perMs);
    state.last = now;
    const allowed = state.tokens >= cost;
    if (allowed) state.tokens -= cost;

    this.forgetIdleFullKeys(key, now);
    return allowed;
  }

  /** Keys currently held. */
  get size(): number {
    return this.keys.size;
  }

  private forgetLeastRecentlyUsed(): void {
    const oldest = this.keys.keys().next();
    if (!oldest.done) this.keys.delete(oldest.value);
  }

  private forgetIdleFullKeys(justUsed: string, now: number): void {
    for (let i = 0; i < SWEEP_PER_CALL; i++) {
      const oldest = this.keys.entries().next();
      if (oldest.done) return;
      const [key, state] = oldest.value;
      // In recency order: if the oldest key is not idle long enough, none is.
      if (key === justUsed || now - state.last < this.forgetIdleAfterMs) return;
      if (state.tokens + (now - state.last) * this.perMs < this.capacity) return;
      this.keys.delete(key);
    }
  }
}
