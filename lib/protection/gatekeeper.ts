import {
  type BucketStore,
  type Clock,
  type Decision,
  KeyedLimiter,
  SharedLimiter,
  type TokenBucketPlan,
  keyedTokenBucket,
} from "@/lib/limiters";
import type { BucketLimit, ClassLimits, EndpointClass, RateLimits, Scope } from "./config";
import { ENDPOINT_CLASSES } from "./config";

/** One bucket's answer, with what it was about (for the refusal's wording). */
export interface BucketAnswer {
  endpoint: EndpointClass;
  scope: Scope;
  limit: BucketLimit;
  decision: Decision;
}

export interface GatekeeperOptions {
  limits: RateLimits;
  clock: Clock;
  /**
   * The store every instance shares (Redis). Without one, each class is an in-memory KeyedLimiter:
   * right for one instance, and wrong for several (each would admit the whole limit).
   */
  store?: BucketStore;
  /** Bounds each store call (shared store only). */
  timeoutMs?: number;
  /** After a store failure, how long to decide by the failure policy before asking again. */
  retryStoreAfterMs?: number;
  /** Keys each in-memory limiter tracks at most (least recently used forgotten first). */
  maxKeys?: number;
  /** Every store failure, by class: the outage must be visible whatever the policy hides. */
  onStoreFailure?: (endpoint: EndpointClass, error: unknown) => void;
}

interface ClassLimiter {
  decide(key: string, scope: Scope): Promise<Decision>;
}

/**
 * The token buckets of every endpoint class: per learner and per IP, each class with its own
 * failure policy when the buckets live in a shared store.
 */
export class Gatekeeper {
  private readonly limiters: Record<EndpointClass, ClassLimiter>;
  readonly shared: boolean;

  constructor(private readonly options: GatekeeperOptions) {
    this.shared = options.store !== undefined;
    const entries = ENDPOINT_CLASSES.map((endpoint) => [endpoint, this.build(endpoint)] as const);
    this.limiters = Object.fromEntries(entries) as Record<EndpointClass, ClassLimiter>;
  }

  /** The class's limits, as configured. */
  limitsOf(endpoint: EndpointClass): ClassLimits {
    return this.options.limits[endpoint];
  }

  /**
   * Takes one token from `id`'s bucket of this class and scope; null when the class has no bucket
   * of that scope (reads are limited per IP only; only sign-in has an account bucket).
   */
  async check(endpoint: EndpointClass, scope: Scope, id: string): Promise<BucketAnswer | null> {
    const limit = this.options.limits[endpoint][scope];
    if (!limit) return null;
    const decision = await this.limiters[endpoint].decide(`${endpoint}:${scope}:${id}`, scope);
    return { endpoint, scope, limit, decision };
  }

  private build(endpoint: EndpointClass): ClassLimiter {
    const limits = this.options.limits[endpoint];
    const plans = plansOf(limits, 1);
    const { store, clock } = this.options;
    const maxKeys = this.options.maxKeys ?? 100_000;
    const local = (scale: number) =>
      new KeyedLimiter({
        algorithm: keyedTokenBucket,
        plans: plansOf(limits, scale),
        maxKeys,
        clock,
      });

    if (!store) {
      const limiter = local(1);
      return { decide: async (key, scope) => limiter.tryAcquire(key, 1, scope) };
    }
    const failure = limits.failure;
    const shared = new SharedLimiter({
      store,
      plans,
      clock,
      timeoutMs: this.options.timeoutMs ?? 100,
      retryStoreAfterMs: this.options.retryStoreAfterMs ?? 1_000,
      policy:
        failure.mode === "open"
          ? { mode: "fail-open" }
          : failure.fallbackScale > 0
            ? { mode: "fail-closed", fallback: local(failure.fallbackScale) }
            : { mode: "fail-closed" },
      onStoreFailure: (error) => this.options.onStoreFailure?.(endpoint, error),
    });
    return { decide: (key, scope) => shared.tryAcquire(key, 1, scope) };
  }
}

/** Token-bucket plans named by scope; a fallback scales both burst and rate. */
function plansOf(limits: ClassLimits, scale: number): Record<string, TokenBucketPlan> {
  const plans: Record<string, TokenBucketPlan> = {};
  for (const scope of ["ip", "learner", "account"] as const) {
    const limit = limits[scope];
    if (!limit) continue;
    plans[scope] = {
      capacity: Math.max(1, Math.round(limit.capacity * scale)),
      perSecond: (limit.perMinute * scale) / 60,
    };
  }
  return plans;
}
