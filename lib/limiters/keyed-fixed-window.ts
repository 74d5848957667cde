import type { KeyedAlgorithm } from "./keyed-algorithm";

export interface WindowPlan {
  limit: number;
  windowMs: number;
}

const WINDOW = 0;
const COUNT = 1;

/** FixedWindow's rules over two numbers per key: the aligned window's number and its count. */
export const keyedFixedWindow: KeyedAlgorithm<WindowPlan> = {
  name: "fixed-window",
  validate: validateWindowPlan,
  stateSize: () => 2,
  init(state, at, { windowMs }, now) {
    state[at + WINDOW] = Math.floor(now / windowMs);
    state[at + COUNT] = 0;
  },
  acquire(state, at, { limit, windowMs }, now, cost) {
    const window = Math.floor(now / windowMs);
    if (window !== state[at + WINDOW]) {
      state[at + WINDOW] = window;
      state[at + COUNT] = 0;
    }
    // `count + cost <= limit` is `count < limit` for cost 1, the single-key rule.
    const allowed = state[at + COUNT]! + cost <= limit;
    if (allowed) state[at + COUNT]! += cost;
    const untilNextWindow = (window + 1) * windowMs - now;
    let retryAfterMs = 0;
    if (!allowed) retryAfterMs = cost > limit ? Infinity : Math.ceil(untilNextWindow);
    return {
      allowed,
      limit,
      remaining: limit - state[at + COUNT]!,
      resetMs: Math.ceil(untilNextWindow),
      retryAfterMs,
    };
  },
  isFresh(state, at, { windowMs }, now) {
    return state[at + COUNT] === 0 || Math.floor(now / windowMs) !== state[at + WINDOW];
  },
};

export function validateWindowPlan({ limit, windowMs }: WindowPlan): void {
  if (!Number.isInteger(limit) || limit < 0) {
    throw new RangeError(`limit must be a whole number >= 0, got ${limit}`);
  }
  if (!(windowMs > 0)) throw new RangeError(`windowMs must be > 0, got ${windowMs}`);
}
