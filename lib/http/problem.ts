import { z } from "zod";
import { env } from "@/lib/env";
import type { TrustProxy } from "@/lib/protection/config";
import { isDatabaseUnavailable } from "./database-unavailable";
import { requestHost } from "./forwarded";

/**
 * RFC 9457 problem details for every API error: a client (and a test) can always tell which field
 * was wrong and why, and a server error never carries a stack trace or a driver message.
 *
 *   { type, title, status, detail?, errors?: [{ field, reason }] }
 *
 * Usage in a route handler:
 *
 *   export const PUT = route(async (request) => {
 *     const body = await readJson(request, draftBodySchema);   // lib/http/body.ts: 400/415/422
 *     ...
 *     if (!found) throw new HttpProblem(404, "Not found");
 *     return Response.json(result);
 *   });
 */

export interface FieldError {
  /** Dotted path into the body or query ("code", "results.tests.0.status"); "" for the whole body. */
  field: string;
  reason: string;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors?: FieldError[];
}

/** Thrown inside a `route` to answer with a problem; anything else thrown becomes a bare 500. */
export class HttpProblem extends Error {
  override readonly name = "HttpProblem";
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: FieldError[],
    readonly headers?: HeadersInit,
  ) {
    super(`${status} ${title}${detail ? `: ${detail}` : ""}`);
  }
}

function problemResponse(problem: Omit<Problem, "type">, headers?: HeadersInit): Response {
  const body: Problem = { type: "about:blank", ...problem };
  const responseHeaders = new Headers(headers);
  responseHeaders.set("content-type", "application/problem+json");
  responseHeaders.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { status: problem.status, headers: responseHeaders });
}

function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join("."),
    reason: issue.message,
  }));
}

/** A body or query that is well-formed but fails its schema: 422 for bodies, 400 for queries. */
function zodProblem(error: z.ZodError, status: 400 | 422 = 422): Response {
  return problemResponse({
    status,
    title: status === 422 ? "The request body is invalid" : "The request is invalid",
    errors: fieldErrors(error),
  });
}

/** Parses route params or a query string; failures are 400 (the URL itself is wrong). */
export function parseQuery<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  return parseOr(schema, data, 400);
}

/** Parses `data` with `schema`; failures are a problem of `status` listing the fields. */
export function parseOr<S extends z.ZodType>(
  schema: S,
  data: unknown,
  status: 400 | 422,
): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const title = status === 422 ? "The request body is invalid" : "The request is invalid";
  throw new HttpProblem(status, title, undefined, fieldErrors(parsed.error));
}

/** The query string of a request as a plain object (repeated keys: the last one wins). */
export function searchParams(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

/** A route handler; `Extra` is what a wrapper hands it besides Next's two (protectedRoute: the requester). */
type Handler<C, Extra extends unknown[]> = (
  request: Request,
  context: C,
  ...extra: Extra
) => Promise<Response>;

/**
 * Wraps a route handler: HttpProblem → its problem response; a database that cannot be reached for a
 * moment → 503 with Retry-After; any other error → a generic 500 (logged on the server with its
 * stack, never sent).
 */
export function route<C = unknown, Extra extends unknown[] = []>(
  handler: Handler<C, Extra>,
): Handler<C, Extra> {
  return async (request, context, ...extra) => {
    try {
      return await handler(request, context, ...extra);
    } catch (error) {
      if (error instanceof HttpProblem) {
        return problemResponse(
          {
            status: error.status,
            title: error.title,
            ...(error.detail ? { detail: error.detail } : {}),
            ...(error.errors ? { errors: error.errors } : {}),
          },
          error.headers,
        );
      }
      if (error instanceof z.ZodError) return zodProblem(error);
      if (isDatabaseUnavailable(error)) {
        console.error(
          `[api] ${request.method} ${new URL(request.url).pathname}: database unreachable`,
        );
        return problemResponse(
          {
            status: 503,
            title: "Temporarily unavailable",
            detail:
              "The database could not be reached for a moment, so nothing was saved or changed. Try again in a few seconds.",
          },
          { "Retry-After": "5" },
        );
      }
      console.error(`[api] ${request.method} ${new URL(request.url).pathname} failed`, error);
      return problemResponse({ status: 500, title: "Internal server error" });
    }
  };
}

/**
 * CSRF guard for state-changing requests (docs/decisions/034-csrf-and-cookies.md). Cookies are
 * SameSite=Lax, which already keeps them off cross-site POST/PUT/DELETE in current browsers; this
 * also refuses any request a browser marks as coming from another site, for older browsers and for
 * same-site-but-cross-origin pages. Requests with neither header are not from a browser page.
 */
export function assertSameOrigin(request: Request, trust: TrustProxy = env.TRUST_PROXY): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") {
    throw new HttpProblem(403, "Cross-site request refused");
  }
  const origin = request.headers.get("origin");
  if (origin) {
    // X-Forwarded-Host only from a configured proxy: anyone else could name whatever host their
    // Origin says (110).
    const host = requestHost(request.headers, trust);
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    if (!host || originHost !== host) throw new HttpProblem(403, "Cross-origin request refused");
  }
}
