import { push } from "./intrinsics";
import type { ManualClock, TraceStep } from "judge";

// What hidden suites wrote by hand in every exercise: a trace of many steps computed from their
// index, and a stretch of seconds with a drawn number of requests in each.

/** [stepAt(0), stepAt(1), ... stepAt(length - 1)], called in order (stepAt may keep a running time). */
export function traceOf<S extends TraceStep>(length: number, stepAt: (i: number) => S): S[] {
  const steps: S[] = [];
  for (let i = 0; i < length; i++) push(steps, stepAt(i));
  return steps;
}

/**
 * For each of `seconds` seconds, offers requestsIn(second) requests to allow(), then moves the clock
 * one second on; returns how many were admitted.
 */
export function offerEachSecond(
  limiter: { allow(): unknown },
  clock: ManualClock,
  seconds: number,
  requestsIn: (second: number) => number,
): number {
  let allowed = 0;
  for (let second = 0; second < seconds; second++) {
    for (let i = 0, n = requestsIn(second); i < n; i++) if (limiter.allow()) allowed++;
    clock.advance(1000);
  }
  return allowed;
}
