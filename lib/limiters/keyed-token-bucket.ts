import type { Decision } from "./decision";
import type { KeyedAlgorithm } from "./keyed-algorithm";

export interface TokenBucketPlan {
  /** The burst: how many tokens a full bucket holds. */
  capacity: number;
  /** The sustained rate. */
  perSecond: number;
}

const TOKENS = 0;
const LAST = 1;

/** TokenBucket's rules over two numbers per key: tokens and the time of the last refill. */
export const keyedTokenBucket: KeyedAlgorithm<TokenBucketPlan> = {
  name: "token-bucket",
  validate({ capacity, perSecond }) {
    if (!(capacity > 0)) throw new RangeError(`capacity must be > 0, got ${capacity}`);
    if (!(perSecond > 0)) throw new RangeError(`perSecond must be > 0, got ${perSecond}`);
  },
  stateSize: () => 2,
  init(state, at, { capacity }, now) {
    state[at + TOKENS] = capacity;
    state[at + LAST] = now;
  },
  acquire(state, at, { capacity, perSecond }, now, cost) {
    const perMs = perSecond / 1000;
    let tokens = Math.min(capacity, state[at + TOKENS]! + (now - state[at + LAST]!) * perMs);
    const allowed = tokens >= cost;
    if (allowed) tokens -= cost;
    state[at + TOKENS] = tokens;
    state[at + LAST] = now;
    return bucketDecision(allowed, tokens, capacity, perSecond, cost);
  },
  isFresh(state, at, { capacity, perSecond }, now) {
    return state[at + TOKENS]! + (now - state[at + LAST]!) * (perSecond / 1000) >= capacity;
  },
};

/** The Decision for a bucket holding `tokens` after the request; shared with the stores. */
export function bucketDecision(
  allowed: boolean,
  tokens: number,
  capacity: number,
  perSecond: number,
  cost: number,
): Decision {
  const perMs = perSecond / 1000;
  return {
    allowed,
    limit: capacity,
    remaining: Math.floor(tokens),
    resetMs: Math.ceil((capacity - tokens) / perMs),
    retryAfterMs: allowed ? 0 : msUntilTokens(tokens, capacity, perMs, cost),
  };
}

/**
 * The first whole millisecond at which the bucket will hold `cost` tokens. The division can land a
 * hair either side of the true value, so the answer is checked against the refill arithmetic itself.
 */
function msUntilTokens(tokens: number, capacity: number, perMs: number, cost: number): number {
  if (cost > capacity) return Infinity;
  const enough = (ms: number) => Math.min(capacity, tokens + ms * perMs) >= cost;
  let ms = Math.max(1, Math.ceil((cost - tokens) / perMs));
  while (!enough(ms)) ms++;
  while (ms > 1 && enough(ms - 1)) ms--;
  return ms;
}
