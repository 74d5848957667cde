import { push } from "./intrinsics";
import { ManualClock as Clock } from "./clock";
import { burstRemotely, offerRemotely } from "./remote";
import type { ManualClock, TraceStep } from "judge";

// What hidden suites wrote by hand in every exercise: a trace of many steps computed from their
// index, a stretch of seconds with a drawn number of requests in each, and a burst at one instant.

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
  if (clock instanceof Clock) {
    const remote = offerRemotely(limiter, clock, seconds, requestsIn);
    if (remote !== undefined) return remote;
  }
  let allowed = 0;
  for (let second = 0; second < seconds; second++) {
    for (let i = 0, n = requestsIn(second); i < n; i++) if (limiter.allow()) allowed++;
    clock.advance(1000);
  }
  return allowed;
}

/** Offers n requests at the same instant and returns how many were allowed. */
export function burst(limiter: { allow(): boolean }, n: number): number {
  const remote = burstRemotely(limiter, n);
  if (remote !== undefined) return remote;
  let allowed = 0;
  for (let i = 0; i < n; i++) if (limiter.allow() === true) allowed++;
  return allowed;
}
