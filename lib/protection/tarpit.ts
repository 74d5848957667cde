import { type Clock, KeyedLimiter, keyedTokenBucket } from "@/lib/limiters";

export interface TarpitOptions {
  /** Refusals a key may get in a row, answered at once: a client that honours Retry-After never
   * gets near it. */
  patience: number;
  /** Refusals forgiven per minute (the patience bucket's refill). */
  forgivenPerMinute: number;
  /** How long a refusal beyond the patience waits before it is sent; 0 switches the tarpit off. */
  delayMs: number;
  /** Refusals held at once, at most; past it they are sent at once (sockets are not free either). */
  maxHeld: number;
  clock: Clock;
  sleep?: (ms: number) => Promise<void>;
  /** Keys whose patience is tracked, at most (least recently used forgotten first). */
  maxKeys?: number;
}

/**
 * Slows down a client that keeps knocking after being told to wait (docs/decisions/085-tarpit.md).
 * A 429 is cheap for the limiter but not for the server: each one still goes through routing and
 * the handler's wrapper, and a client that ignores Retry-After and fires on a few connections can
 * keep a Node process busy with nothing but refusals. Holding its refusals for a moment caps its
 * rate at (connections / delay) without any work: the wait is a timer. Per instance on purpose: it
 * protects this process's CPU, not a quota.
 */
export class Tarpit {
  private readonly patience: KeyedLimiter<{ capacity: number; perSecond: number }>;
  private readonly sleep: (ms: number) => Promise<void>;
  private held = 0;

  constructor(private readonly options: TarpitOptions) {
    this.patience = new KeyedLimiter({
      algorithm: keyedTokenBucket,
      plans: {
        patience: { capacity: options.patience, perSecond: options.forgivenPerMinute / 60 },
      },
      maxKeys: options.maxKeys ?? 100_000,
      clock: options.clock,
    });
    this.sleep =
      options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))));
  }

  /**
   * Resolves when the refusal for `key` may be sent: at once while the key has patience left,
   * else after `delayMs` (never longer than the client had to wait anyway). Returns the delay.
   */
  async hold(key: string, retryAfterMs: number): Promise<number> {
    if (this.options.delayMs <= 0) return 0;
    if (this.patience.tryAcquire(key).allowed || this.held >= this.options.maxHeld) return 0;
    const delay = Math.min(this.options.delayMs, retryAfterMs);
    this.held++;
    try {
      await this.sleep(delay);
    } finally {
      this.held--;
    }
    return delay;
  }

  /** Refusals being held right now. */
  get holding(): number {
    return this.held;
  }
}
