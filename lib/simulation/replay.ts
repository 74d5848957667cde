import type { Limiter } from "../limiters/burst";
import type { ManualClock } from "../limiters/clock";
import type { Arrival } from "./trace";

export interface ReplayResult {
  offered: number;
  allowed: number;
  /** One entry per arrival, in order. */
  decisions: boolean[];
}

/**
 * Feeds a trace through a limiter, moving the limiter's clock to each arrival's time. The trace must
 * be in time order, and the clock must be the one the limiter was built with.
 */
export function replay(
  trace: readonly Arrival[],
  limiter: Limiter,
  clock: ManualClock,
): ReplayResult {
  const decisions: boolean[] = [];
  let allowed = 0;
  for (const arrival of trace) {
    clock.advance(arrival.at - clock.now());
    const ok = limiter.allow();
    decisions.push(ok);
    if (ok) allowed++;
  }
  return { offered: trace.length, allowed, decisions };
}
