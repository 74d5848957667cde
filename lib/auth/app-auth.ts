import { getDb } from "@/lib/db";
import { databaseTarget } from "@/lib/db/target";
import { env } from "@/lib/env";
import { createAuth, type Auth } from "./auth";
import * as identity from "./identity";
import type { ViewerContext } from "./identity";
import { loadAuthSecret } from "./secret";
import type { Viewer } from "./viewer";

// The application's identity, wired to its database, secret and settings: who a request comes from
// (the Viewer), from its session cookie. Reached through lib/auth's index.

const cache = globalThis as typeof globalThis & { __tradeoffAuth?: Auth };

/** The application's better-auth instance, on the application's database. */
export function getAuth(): Auth {
  cache.__tradeoffAuth ??= createAuth({
    db: getDb(),
    provider: databaseTarget(env.DATABASE_URL).provider,
    secret: loadAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR),
    baseURL: env.AUTH_URL,
    secureCookies: env.NODE_ENV === "production",
    trustedProxyHeaders: env.TRUST_PROXY.kind !== "none",
  });
  return cache.__tradeoffAuth;
}

/** The viewer of a request (session cookie), or null when there is no session. */
export const getViewer = (headers: Headers): Promise<Viewer | null> =>
  identity.getViewer(getAuth(), headers);
/** The viewer plus session-refresh Set-Cookie headers to forward on the response. */
export const resolveViewer = (headers: Headers) => identity.resolveViewer(getAuth(), headers);
/** The viewer, creating an anonymous learner on the first write; forward `headers` (Set-Cookie). */
export const requireLearner = (headers: Headers): Promise<ViewerContext> =>
  identity.requireLearner(getAuth(), headers);
/** Throws HttpProblem 401 (no account) / 403 (not an instructor): instructorAccess as a problem. */
export const requireInstructor = (headers: Headers): Promise<Viewer> =>
  identity.requireInstructor(getAuth(), headers);
/** Throws HttpProblem 401 when there is no session at all. */
export const requireViewer = (headers: Headers): Promise<ViewerContext> =>
  identity.requireViewer(getAuth(), headers);
