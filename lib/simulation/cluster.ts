import type { Limiter } from "../limiters/burst";
import { type Clock, ManualClock } from "../limiters/clock";
import type { Arrival } from "./trace";

/** How the load balancer picks an instance for each request. */
export type Routing =
  | { policy: "round-robin" }
  /** Shares in proportion to the weights, e.g. [70, 20, 10], interleaved evenly. */
  | { policy: "weighted"; weights: readonly number[] }
  /** Every request of a key goes to the same instance (a hash on user id, or sticky sessions). */
  | { policy: "sticky" };

/**
 * Where the limit lives.
 * - "full": every instance runs its own in-memory limiter with the whole limit.
 * - "divided": every instance runs its own limiter with floor(limit / instances).
 * - "shared": one limiter with the whole limit that every instance consults atomically, which is
 *   what a shared store (Redis running a script) gives you.
 */
export type Placement = "full" | "divided" | "shared";

export interface ClusterOptions {
  instances: number;
  routing: Routing;
  placement: Placement;
  /** The documented limit, before any division. */
  limit: number;
  /** Builds one limiter holding `limit`, e.g. (limit, clock) => new FixedWindow(limit, 60_000, clock). */
  makeLimiter: (limit: number, clock: Clock) => Limiter;
  /** An instance that restarts at `at` comes back with a fresh, empty limiter. */
  restarts?: readonly { instance: number; at: number }[];
  /**
   * The shared store cannot be reached in [from, to): every instance applies the failure policy,
   * admitting everything (fail-open) or refusing everything (fail-closed). Only a shared placement
   * has a store to lose; the in-memory ones ignore it.
   */
  outage?: { from: number; to: number; policy: "fail-open" | "fail-closed" };
  /** Called for every request, in order: when it arrived, where it went, and the decision. */
  onDecision?: (arrival: Arrival, instance: number, allowed: boolean) => void;
}

export interface InstanceOutcome {
  routed: number;
  allowed: number;
}

export interface ClusterOutcome {
  offered: number;
  allowed: number;
  perInstance: InstanceOutcome[];
}

/** Replays a time-ordered trace through a load balancer in front of `instances` limiters. */
export function simulateCluster(
  trace: readonly Arrival[],
  options: ClusterOptions,
): ClusterOutcome {
  const { instances, placement, limit, makeLimiter, outage } = options;
  if (!Number.isInteger(instances) || instances < 1) {
    throw new RangeError(`instances must be a whole number >= 1, got ${instances}`);
  }
  const clock = new ManualClock(trace[0]?.at ?? 0);
  const instanceLimit = placement === "divided" ? Math.floor(limit / instances) : limit;
  const fresh = () => makeLimiter(instanceLimit, clock);
  const shared = placement === "shared" ? fresh() : undefined;
  const limiters = Array.from({ length: instances }, () => shared ?? fresh());
  const route = router(options.routing, instances);
  const restarts = [...(options.restarts ?? [])].sort((a, b) => a.at - b.at);
  const perInstance = limiters.map(() => ({ routed: 0, allowed: 0 }));
  let allowed = 0;

  for (const arrival of trace) {
    clock.advance(arrival.at - clock.now());
    while (restarts.length > 0 && restarts[0]!.at <= arrival.at) {
      const { instance } = restarts.shift()!;
      // A restart loses in-memory state; a shared store survives it.
      if (!shared) limiters[instance] = fresh();
    }
    const instance = route(arrival.key);
    const outcome = perInstance[instance]!;
    outcome.routed++;
    const down = shared && outage && arrival.at >= outage.from && arrival.at < outage.to;
    const ok = down ? outage.policy === "fail-open" : limiters[instance]!.allow();
    if (ok) {
      outcome.allowed++;
      allowed++;
    }
    options.onDecision?.(arrival, instance, ok);
  }
  return { offered: trace.length, allowed, perInstance };
}

function router(routing: Routing, instances: number): (key: string) => number {
  switch (routing.policy) {
    case "round-robin": {
      let next = 0;
      return () => next++ % instances;
    }
    case "weighted":
      return smoothWeighted(routing.weights, instances);
    case "sticky":
      return (key) => fnv1a(key) % instances;
  }
}

/**
 * nginx's smooth weighted round-robin: over any sum(weights) consecutive requests each instance gets
 * exactly its weight, and the picks are interleaved rather than clumped.
 */
function smoothWeighted(weights: readonly number[], instances: number): () => number {
  if (weights.length !== instances || weights.some((w) => !(w >= 0))) {
    throw new RangeError(`weights must be ${instances} non-negative numbers, got [${weights}]`);
  }
  const total = weights.reduce((a, b) => a + b, 0);
  if (!(total > 0)) throw new RangeError("at least one weight must be positive");
  const current = weights.map(() => 0);
  return () => {
    let best = 0;
    for (let i = 0; i < instances; i++) {
      current[i]! += weights[i]!;
      if (current[i]! > current[best]!) best = i;
    }
    current[best]! -= total;
    return best;
  };
}

/** 32-bit FNV-1a: a stable, well-spread hash, as a load balancer's consistent routing would use. */
function fnv1a(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
