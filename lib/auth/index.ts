import { getDb } from "@/lib/db";
import { databaseTarget } from "@/lib/db/target";
import { env } from "@/lib/env";
import { createAuth, type Auth } from "./auth";
import { loadAuthSecret } from "./secret";

export { createAuth, type Auth, type AuthOptions } from "./auth";
export * as identity from "./identity";
export type { ViewerContext } from "./identity";

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
