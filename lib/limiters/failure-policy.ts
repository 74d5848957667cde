import type { Clock } from "./clock";
import type { Decision } from "./decision";
import type { KeyedLimiter } from "./keyed-limiter";
import type { TokenBucketPlan } from "./keyed-token-bucket";
import type { BucketStore } from "./store";

/**
 * What a shared limiter does when its store cannot answer. Nobody gets to skip choosing:
 * - "fail-open" serves everything unmetered while the store is gone, so the limit disappears in the
 *   middle of the incident it was there for; right for a public read endpoint, with an alert.
 * - "fail-closed" keeps the guarantee; with a local fallback limiter (set generously, since each
 *   instance now limits alone) a store blip degrades the limit instead of taking the API down.
 *   Without a fallback, every request is refused until the store answers again.
 */
export type FailurePolicy =
  { mode: "fail-open" } | { mode: "fail-closed"; fallback?: KeyedLimiter<TokenBucketPlan> };

export interface SharedLimiterOptions {
  store: BucketStore;
  plans: Readonly<Record<string, TokenBucketPlan>>;
  /** Defaults to the first plan listed. */
  defaultPlan?: string;
  policy: FailurePolicy;
  /** Bounds every store call: a store that hangs must not hang the request with it. */
  timeoutMs: number;
  /**
   * After a failure, decide by the policy without asking the store for this long, so an outage
   * costs one timeout per interval rather than one per request. Default 1000 ms.
   */
  retryStoreAfterMs?: number;
  clock: Clock;
  /** Called on every store failure: the outage must be visible, whatever the policy hides. */
  onStoreFailure?: (error: unknown, key: string) => void;
}

/** Raised (and reported) when the store does not answer within `timeoutMs`. */
export class StoreTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`rate limit store did not answer within ${timeoutMs} ms`);
    this.name = "StoreTimeoutError";
  }
}

/** A token bucket per key, held in a shared store, with a configured answer to the store failing. */
export class SharedLimiter {
  private readonly options: SharedLimiterOptions;
  private readonly defaultPlan: string;
  private storeSkippedUntil = -Infinity;

  constructor(options: SharedLimiterOptions) {
    const names = Object.keys(options.plans);
    const defaultPlan = options.defaultPlan ?? names[0];
    if (defaultPlan === undefined || !(defaultPlan in options.plans)) {
      throw new RangeError(`unknown default plan "${options.defaultPlan}"`);
    }
    if (!(options.timeoutMs > 0)) throw new RangeError("timeoutMs must be > 0");
    this.options = options;
    this.defaultPlan = defaultPlan;
  }

  async tryAcquire(key: string, cost = 1, plan = this.defaultPlan): Promise<Decision> {
    const rules = this.options.plans[plan];
    if (!rules) throw new RangeError(`unknown plan "${plan}"`);
    const now = this.options.clock.now();
    if (now >= this.storeSkippedUntil) {
      try {
        const request = { ...rules, cost, now };
        return await withTimeout(this.options.store.take(key, request), this.options.timeoutMs);
      } catch (error) {
        this.storeSkippedUntil = now + (this.options.retryStoreAfterMs ?? 1_000);
        this.options.onStoreFailure?.(error, key);
      }
    }
    return this.decideWithoutStore(key, cost, plan, rules);
  }

  private decideWithoutStore(
    key: string,
    cost: number,
    plan: string,
    rules: TokenBucketPlan,
  ): Decision {
    const { policy } = this.options;
    if (policy.mode === "fail-open") {
      return {
        allowed: true,
        limit: rules.capacity,
        remaining: rules.capacity,
        resetMs: 0,
        retryAfterMs: 0,
        degraded: "fail-open",
      };
    }
    if (policy.fallback)
      return { ...policy.fallback.tryAcquire(key, cost, plan), degraded: "fallback" };
    const retryAfterMs = Math.max(1, this.storeSkippedUntil - this.options.clock.now());
    return {
      allowed: false,
      limit: rules.capacity,
      remaining: 0,
      resetMs: retryAfterMs,
      retryAfterMs,
      degraded: "fallback",
    };
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    // After a long synchronous stretch the loop runs expired timers before it reads the sockets, so
    // a reply already received would lose to the timer and its token be spent for nothing. The
    // timeout is believed one turn later, once any waiting reply has been read.
    timer = setTimeout(() => {
      timer = setTimeout(() => reject(new StoreTimeoutError(timeoutMs)), 0);
    }, timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
