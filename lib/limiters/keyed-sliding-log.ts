import type { KeyedAlgorithm } from "./keyed-algorithm";
import { type WindowPlan, validateWindowPlan } from "./keyed-fixed-window";

// Layout per key: [head, size, t0, t1, ..., t(limit-1)], a ring buffer of admission times.
const HEAD = 0;
const SIZE = 1;
const TIMES = 2;

/** SlidingLog's rules over limit + 2 numbers per key: the price of exactness, made visible. */
export const keyedSlidingLog: KeyedAlgorithm<WindowPlan> = {
  name: "sliding-log",
  validate: validateWindowPlan,
  stateSize: ({ limit }) => limit + 2,
  init(state, at) {
    state[at + HEAD] = 0;
    state[at + SIZE] = 0;
  },
  acquire(state, at, { limit, windowMs }, now, cost) {
    forgetOlderThanWindow(state, at, limit, windowMs, now);
    const size = state[at + SIZE]!;
    const allowed = size + cost <= limit;
    if (allowed) {
      // A request of cost n is n requests at the same instant.
      for (let i = 0; i < cost; i++) state[at + TIMES + slot(state, at, limit, size + i)] = now;
      state[at + SIZE] = size + cost;
    }
    const kept = state[at + SIZE]!;
    let retryAfterMs = 0;
    if (!allowed) {
      // The request fits once enough of the oldest entries have aged out.
      const mustAge = kept + cost - limit;
      retryAfterMs =
        cost > limit ? Infinity : Math.ceil(timeAt(state, at, limit, mustAge - 1) + windowMs - now);
    }
    return {
      allowed,
      limit,
      remaining: limit - kept,
      resetMs: kept === 0 ? 0 : Math.ceil(timeAt(state, at, limit, kept - 1) + windowMs - now),
      retryAfterMs,
    };
  },
  isFresh(state, at, { limit, windowMs }, now) {
    const size = state[at + SIZE]!;
    return size === 0 || timeAt(state, at, limit, size - 1) <= now - windowMs;
  },
};

/** Index in the ring of the i-th oldest entry. */
function slot(state: Float64Array, at: number, limit: number, i: number): number {
  return (state[at + HEAD]! + i) % limit;
}

function timeAt(state: Float64Array, at: number, limit: number, i: number): number {
  return state[at + TIMES + slot(state, at, limit, i)]!;
}

function forgetOlderThanWindow(
  state: Float64Array,
  at: number,
  limit: number,
  windowMs: number,
  now: number,
): void {
  while (state[at + SIZE]! > 0 && timeAt(state, at, limit, 0) <= now - windowMs) {
    state[at + HEAD] = (state[at + HEAD]! + 1) % limit;
    state[at + SIZE]! -= 1;
  }
}
