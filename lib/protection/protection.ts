import { createHash } from "node:crypto";
import { rateLimitHeaders, refusalResponse } from "@/lib/limiters";
import { clientIp } from "@/lib/http/forwarded";
import { ipKey } from "./client-ip";
import { CLASS_LABELS, type EndpointClass, type TrustProxy } from "./config";
import type { Gatekeeper, BucketAnswer } from "./gatekeeper";
import type { Tarpit } from "./tarpit";

/** What a protected route handler does with a request: refuse it, or do the work and add headers. */
export interface Gate {
  /** The 429 (problem+json, Retry-After, RateLimit-*) to send instead of doing the work, or null. */
  refusal: Response | null;
  /** The quota headers for the real response (a refusal already carries them). */
  headers: Record<string, string>;
  /** Sets the quota headers on a response and returns it (or a copy, if its headers are locked). */
  apply(response: Response): Response;
  /** Who sent the request, as the gate identified it: what the judge's lines and lanes key by. */
  requester: Requester;
}

export interface ProtectionDeps {
  gatekeeper: Gatekeeper;
  trustProxy: TrustProxy;
  /**
   * The learner of a request, from its session, or null. Must not refresh the session (that
   * refresh's cookie belongs to the handler's response) and should not throw.
   */
  identifyLearner(request: Request): Promise<string | null>;
  /** Holds the refusals of a client that ignores Retry-After; none: refusals are sent at once. */
  tarpit?: Tarpit;
}

/**
 * `undefined`: look the learner up from the session; `null`: this request has no learner key; a
 * function: the route's own lookup, called only when a learner bucket is about to be charged.
 */
export type LearnerKey = string | null | undefined | (() => Promise<string | null>);

/** A protected handler: Next's request and context, and the requester the gate identified. */
type Handler<C> = (request: Request, context: C, requester: Requester) => Promise<Response>;
type RouteHandler<C> = (request: Request, context: C) => Promise<Response>;

export interface Protection {
  /**
   * Takes a token from the client IP's bucket, then from the learner's, for this endpoint class.
   * Refused by the first bucket that is empty; otherwise the headers describe the bucket closest
   * to refusing.
   */
  protect(request: Request, endpoint: EndpointClass, learner?: LearnerKey): Promise<Gate>;
  /**
   * Wraps a route handler: refused requests never reach it, and every response it gives (errors
   * included) carries the quota headers. `learner` picks the learner key from the request.
   */
  protectedRoute<C>(
    endpoint: EndpointClass,
    handler: Handler<C>,
    learner?: (request: Request) => LearnerKey | Promise<LearnerKey>,
  ): RouteHandler<C>;
}

/** Who sent a request, as the gate identified it. */
export interface Requester {
  /** The learner's id when there is one, else the address: what the judge's queue keys lines by. */
  key: string;
  /** The address's bucket key ("unknown" without one). */
  ip: string;
  /** The learner (session user, or account named) or null. */
  learner: string | null;
}

export function createProtection(deps: ProtectionDeps): Protection {
  async function protect(
    request: Request,
    endpoint: EndpointClass,
    learner?: LearnerKey,
  ): Promise<Gate> {
    const { gatekeeper } = deps;
    const ip = clientIp(request.headers, deps.trustProxy);
    const ipId = ip === null ? "unknown" : ipKey(ip);
    let requester: Requester = { key: `ip:${ipId}`, ip: ipId, learner: null };
    const byIp = await gatekeeper.check(endpoint, "ip", ipId);
    if (byIp && !byIp.decision.allowed) return refuse(byIp, ipId, requester);

    const limits = gatekeeper.limitsOf(endpoint);
    let byLearner: BucketAnswer | null = null;
    let byAccount: BucketAnswer | null = null;
    if (limits.learner || limits.account) {
      const id =
        learner === undefined
          ? await deps.identifyLearner(request)
          : typeof learner === "function"
            ? await learner()
            : learner;
      if (id !== null) {
        requester = { key: `learner:${id}`, ip: ipId, learner: id };
        // With an account bucket, the learner bucket is this address's share of the account.
        const pair = limits.account ? `${id}@${ipId}` : id;
        byLearner = await gatekeeper.check(endpoint, "learner", pair);
        if (byLearner && !byLearner.decision.allowed) return refuse(byLearner, pair, requester);
        byAccount = await gatekeeper.check(endpoint, "account", id);
        if (byAccount && !byAccount.decision.allowed) return refuse(byAccount, id, requester);
      }
    }
    const binding = closestToRefusing(closestToRefusing(byIp, byLearner), byAccount);
    return allowedGate(binding ? rateLimitHeaders(binding.decision) : {}, requester);
  }

  async function refuse(answer: BucketAnswer, id: string, requester: Requester): Promise<Gate> {
    const key = `${answer.endpoint}:${answer.scope}:${id}`;
    await deps.tarpit?.hold(key, answer.decision.retryAfterMs);
    return refusedGate(answer, requester);
  }

  function protectedRoute<C>(
    endpoint: EndpointClass,
    handler: Handler<C>,
    learner?: (request: Request) => LearnerKey | Promise<LearnerKey>,
  ): RouteHandler<C> {
    return async (request, context) => {
      const gate = await protect(request, endpoint, learner ? await learner(request) : undefined);
      if (gate.refusal) return gate.refusal;
      return gate.apply(await handler(request, context, gate.requester));
    };
  }

  return { protect, protectedRoute };
}

/** A learner key that does not put an e-mail address (or any other raw identifier) in the store. */
export function hashedKey(kind: string, value: string): string {
  return `${kind}:${createHash("sha256").update(value).digest("base64url").slice(0, 22)}`;
}

function refusedGate(answer: BucketAnswer, requester: Requester): Gate {
  const { limit, scope, endpoint } = answer;
  const who =
    scope === "ip"
      ? "per network address"
      : scope === "account"
        ? "per account"
        : endpoint === "auth"
          ? "per account and network address"
          : "per learner";
  const refusal = refusalResponse(answer.decision, {
    policy: `Too many ${CLASS_LABELS[endpoint]}: ${limit.capacity} at once, then ${formatRate(limit.perMinute)} per minute ${who}`,
  });
  if (!refusal) throw new Error("a refused decision must produce a refusal");
  refusal.headers.set("cache-control", "no-store");
  const headers = rateLimitHeaders(answer.decision);
  return { refusal, headers, requester, apply: (response) => setHeaders(response, headers) };
}

function allowedGate(headers: Record<string, string>, requester: Requester): Gate {
  // A handler's own refusal (failed sign-ins, 271) already names the quota that refused it.
  const apply = (response: Response) =>
    response.status === 429 && response.headers.has("ratelimit-limit")
      ? response
      : setHeaders(response, headers);
  return { refusal: null, headers, requester, apply };
}

/** The answer a client should pace itself by: the fewest requests left (a real count beats none). */
function closestToRefusing(a: BucketAnswer | null, b: BucketAnswer | null): BucketAnswer | null {
  if (!a || !b) return a ?? b;
  const counted = (v: BucketAnswer) => v.decision.degraded !== "fail-open";
  if (counted(a) !== counted(b)) return counted(a) ? a : b;
  if (a.decision.remaining !== b.decision.remaining) {
    return a.decision.remaining < b.decision.remaining ? a : b;
  }
  return a.decision.limit <= b.decision.limit ? a : b;
}

function setHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    // Headers of a fetched or redirect response are immutable: copy it.
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}

function formatRate(perMinute: number): string {
  return Number.isInteger(perMinute) ? String(perMinute) : perMinute.toFixed(2);
}
