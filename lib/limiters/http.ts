import type { Decision } from "./decision";

/** An RFC 9457 problem details body for a refused request. */
export interface RateLimitProblem {
  type: string;
  title: "Too Many Requests";
  status: 429;
  detail: string;
  /** Seconds until a retry can succeed; absent if this request can never fit the quota. */
  retryAfter?: number;
  limit: number;
  remaining: number;
}

export interface RefusalOptions {
  /** The quota in words, e.g. "100 requests per minute per API key". */
  policy?: string;
  /** A URI identifying the problem type (RFC 9457 §3.1.1); relative to the request if relative. */
  type?: string;
}

export interface HttpAnswer {
  /**
   * 429: this caller is over its quota. Not 503, which means the server itself cannot cope (the
   * right answer when shedding load for everyone, not when one client has used up its share).
   */
  status: 200 | 429;
  headers: Record<string, string>;
  body?: RateLimitProblem;
}

export const RATE_LIMIT_PROBLEM_TYPE = "/problems/rate-limit-exceeded";

/**
 * The quota headers for any response, allowed or refused. A client that can read how much it has
 * left can slow down on its own; one that cannot only learns the limit from its first 429.
 */
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

/** Turns a decision into what the HTTP layer should send: proceed (200) or a 429 problem. */
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

/** The 429 as a web Response, or null when the request may proceed. */
export function refusalResponse(decision: Decision, options?: RefusalOptions): Response | null {
  const answer = httpAnswer(decision, options);
  if (answer.status !== 429) return null;
  return new Response(JSON.stringify(answer.body), { status: 429, headers: answer.headers });
}

/** Copies the quota headers onto an allowed request's response. */
export function withRateLimitHeaders(response: Response, decision: Decision): Response {
  for (const [name, value] of Object.entries(rateLimitHeaders(decision))) {
    response.headers.set(name, value);
  }
  return response;
}

function seconds(ms: number): number {
  return Math.ceil(ms / 1000);
}
