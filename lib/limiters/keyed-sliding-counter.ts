import type { KeyedAlgorithm } from "./keyed-algorithm";
import { type WindowPlan, validateWindowPlan } from "./keyed-fixed-window";

const WINDOW = 0;
const PREVIOUS = 1;
const CURRENT = 2;

/** SlidingCounter's rules over three numbers per key: the aligned window, its count and the last. */
export const keyedSlidingCounter: KeyedAlgorithm<WindowPlan> = {
  name: "sliding-counter",
  validate: validateWindowPlan,
  stateSize: () => 3,
  init(state, at, { windowMs }, now) {
    state[at + WINDOW] = Math.floor(now / windowMs);
    state[at + PREVIOUS] = 0;
    state[at + CURRENT] = 0;
  },
  acquire(state, at, { limit, windowMs }, now, cost) {
    roll(state, at, windowMs, now);
    // Admitting `cost` at once is admitting `cost` unit requests in a row: the last one must still
    // see an estimate below the limit. For cost 1 this is the single-key `estimate < limit`.
    const allowed = estimate(state, at, windowMs, now) + cost - 1 < limit;
    if (allowed) state[at + CURRENT]! += cost;
    const after = estimate(state, at, windowMs, now);
    return {
      allowed,
      limit,
      remaining: Math.max(0, Math.ceil(limit - after)),
      resetMs: msUntilEmpty(state, at, windowMs, now),
      retryAfterMs: allowed ? 0 : msUntilAdmitted(state, at, limit, windowMs, now, cost),
    };
  },
  isFresh(state, at, { windowMs }, now) {
    const window = Math.floor(now / windowMs);
    const stored = state[at + WINDOW]!;
    if (window >= stored + 2) return true;
    if (window === stored + 1) return state[at + CURRENT] === 0;
    return state[at + PREVIOUS] === 0 && state[at + CURRENT] === 0;
  },
};

function roll(state: Float64Array, at: number, windowMs: number, now: number): void {
  const window = Math.floor(now / windowMs);
  const stored = state[at + WINDOW]!;
  if (window === stored) return;
  state[at + PREVIOUS] = window === stored + 1 ? state[at + CURRENT]! : 0;
  state[at + CURRENT] = 0;
  state[at + WINDOW] = window;
}

function estimate(state: Float64Array, at: number, windowMs: number, now: number): number {
  const elapsed = now - state[at + WINDOW]! * windowMs;
  return state[at + PREVIOUS]! * ((windowMs - elapsed) / windowMs) + state[at + CURRENT]!;
}

/** The estimate `d` ms from now if no request is admitted meanwhile (it never increases). */
function estimateIn(
  state: Float64Array,
  at: number,
  windowMs: number,
  now: number,
  d: number,
): number {
  const then = now + d;
  const window = Math.floor(then / windowMs);
  const stored = state[at + WINDOW]!;
  const elapsed = then - window * windowMs;
  let previous = 0;
  let current = 0;
  if (window === stored) [previous, current] = [state[at + PREVIOUS]!, state[at + CURRENT]!];
  else if (window === stored + 1) previous = state[at + CURRENT]!;
  return previous * ((windowMs - elapsed) / windowMs) + current;
}

function msUntilEmpty(state: Float64Array, at: number, windowMs: number, now: number): number {
  const untilNextWindow = (state[at + WINDOW]! + 1) * windowMs - now;
  if (state[at + CURRENT]! > 0) return Math.ceil(untilNextWindow + windowMs);
  if (state[at + PREVIOUS]! > 0) return Math.ceil(untilNextWindow);
  return 0;
}

/**
 * The first whole millisecond at which a request of `cost` would pass. Solved in closed form (the
 * estimate falls linearly within a window), then nudged to the exact millisecond with the predicate
 * itself, so floating-point rounding can never make the answer early or late.
 */
function msUntilAdmitted(
  state: Float64Array,
  at: number,
  limit: number,
  windowMs: number,
  now: number,
  cost: number,
): number {
  if (cost > limit) return Infinity;
  const passes = (d: number) => estimateIn(state, at, windowMs, now, d) + cost - 1 < limit;
  const previous = state[at + PREVIOUS]!;
  const current = state[at + CURRENT]!;
  const untilNextWindow = (state[at + WINDOW]! + 1) * windowMs - now;
  const slackNow = limit - cost + 1 - current;
  let d: number;
  if (slackNow > 0 && previous > 0) {
    // previous * (untilNextWindow - d) / W < slackNow, still inside this window.
    d = untilNextWindow - (slackNow * windowMs) / previous;
  } else {
    // In the next window the current count becomes the fading one.
    const slackNext = limit - cost + 1;
    d = untilNextWindow + Math.max(0, windowMs - (slackNext * windowMs) / Math.max(current, 1));
  }
  let ms = Math.max(1, Math.ceil(d));
  while (!passes(ms)) ms++;
  while (ms > 1 && passes(ms - 1)) ms--;
  return ms;
}
