/** Anything that answers "may this request through, right now?". */
export interface Limiter {
  allow(): boolean;
}

/** Offers n requests at the same instant and returns how many were allowed. */
export function burst(limiter: Limiter, n: number): number {
  let allowed = 0;
  for (let i = 0; i < n; i++) {
    if (limiter.allow()) allowed++;
  }
  return allowed;
}
