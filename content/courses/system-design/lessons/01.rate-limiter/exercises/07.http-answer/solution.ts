export interface Decision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetMs: number;
  retryAfterMs: number;
  degraded?: "fail-open" | "fallback";
}

export interface RateLimitProblem {
  type: string;
  title: "Too Many Requests";
  status: 429;
  detail: string;
  retryAfter?: number;
  limit: number;
  remaining: number;
}

export interface HttpAnswer {
  status: 200 | 429;
  headers: Record<string, string>;
  body?: RateLimitProblem;
}

export interface RefusalOptions {
  /** The quota in words, e.g. "100 requests per minute per API key". */
  policy?: string;
  /** A URI identifying the problem type. */
  type?: string;
}

export const RATE_LIMIT_PROBLEM_TYPE = "/problems/rate-limit-exceeded";

/** The quota headers every response carries, allowed or not. */
export function rateLimitHeaders(decision: Decision): Record<string, string> {
  const headers: Record<string, string> = { "RateLimit-Limit": String(decision.limit) };
  // A fail-open decision was made without the store: claiming a remaining quota would be invented.
  if (decision.degraded !== "fail-open") {
    headers["RateLimit-Remaining"] = String(Math.max(0, decision.remaining));
    headers["RateLimit-Reset"] = String(seconds(decision.resetMs));
  }
  if (!decision.allowed && Number.isFinite(decision.retryAfterMs)) {
    // Never 0: "retry immediately" invites the very hammering the limit exists to stop.
    headers["Retry-After"] = String(Math.max(1, seconds(decision.retryAfterMs)));
  }
  return headers;
}

/** What the HTTP layer sends: proceed (200) or a 429 problem. */
export function httpAnswer(decision: Decision, options: RefusalOptions = {}): HttpAnswer {
  const headers = rateLimitHeaders(decision);
  if (decision.allowed) return { status: 200, headers };

  const retryAfter = headers["Retry-After"];
  const policy = options.policy ?? `${decision.limit} requests per period`;
  const detail =
    retryAfter === undefined
      ? `${policy}: this request costs more than the whole quota and cannot succeed as sent.`
      : `${policy}. Retry after ${retryAfter} second${retryAfter === "1" ? "" : "s"}.`;
  return {
    status: 429,
    headers: { ...headers, "Content-Type": "application/problem+json" },
    body: {
      type: options.type ?? RATE_LIMIT_PROBLEM_TYPE,
      title: "Too Many Requests",
      status: 429,
      detail,
      ...(retryAfter === undefined ? {} : { retryAfter: Number(retryAfter) }),
      limit: decision.limit,
      remaining: Math.max(0, decision.remaining),
    },
  };
}

function seconds(ms: number): number {
  return Math.ceil(ms / 1000);
}
