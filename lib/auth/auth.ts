import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { anonymous } from "better-auth/plugins";
import type { Db } from "@/lib/db/client";
import type { DatabaseProvider } from "@/lib/db/target";
import { mergeUserData } from "./merge-user-data";
import { passwordWeakness } from "./password-policy";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";

export interface AuthOptions {
  db: Db;
  provider: DatabaseProvider;
  secret: string;
  /** The public origin; without it only loopback hosts are served (local use, tests). */
  baseURL?: string;
  /** Secure cookies: true in production (browsers accept them on http://localhost too). */
  secureCookies: boolean;
  /** A proxy is configured (TRUST_PROXY): its X-Forwarded-Host/Proto name the public origin. */
  trustedProxyHeaders?: boolean;
}

/** The endpoints that set a password, and the body field that carries it. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
};

/**
 * Refuses a weak new password before the library stores it: 400 with the reason, which the
 * sign-up and change-password forms show as they are (docs/decisions/113-password-policy.md).
 */
const passwordPolicy = createAuthMiddleware(async (ctx) => {
  const field = NEW_PASSWORD_FIELDS[ctx.path];
  if (!field) return;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const password = body[field];
  if (typeof password !== "string") return;
  const related = [body.email, body.name, ctx.context.session?.user.email]
    .filter((value): value is string => typeof value === "string")
    .map((value) => value.slice(0, 320));
  const weakness = passwordWeakness(password, related);
  if (weakness) throw new APIError("BAD_REQUEST", { message: weakness, code: "WEAK_PASSWORD" });
});

const LOCAL_HOSTS = ["localhost", "localhost:*", "127.0.0.1", "127.0.0.1:*", "[::1]:*"];

const DAY_S = 24 * 60 * 60;

/**
 * better-auth with email + password, anonymous learners and our role field
 * (docs/decisions/033-auth-better-auth.md). Sessions, cookie signing and password hashing are the
 * library's; CSRF on its endpoints is its Origin check against the trusted origins.
 */
export function createAuth(options: AuthOptions) {
  const { db } = options;
  return betterAuth({
    appName: "Tradeoff",
    secret: options.secret,
    baseURL: options.baseURL ?? { allowedHosts: LOCAL_HOSTS, fallback: "http://localhost:3000" },
    database: prismaAdapter(db, {
      provider: options.provider === "postgres" ? "postgresql" : "sqlite",
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
    },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "learner", input: false },
      },
    },
    session: {
      // An anonymous learner has nothing but this cookie: let it live long, and slide.
      expiresIn: 180 * DAY_S,
      updateAge: DAY_S,
    },
    advanced: {
      useSecureCookies: options.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // Off unless a proxy is configured: otherwise a client could choose the origin it signs into.
      trustedProxyHeaders: options.trustedProxyHeaders ?? false,
    },
    hooks: { before: passwordPolicy },
    telemetry: { enabled: false },
    // Its own limiter keeps counts in each instance's memory (three instances, three times the
    // limit); the route handler applies the platform's shared one instead (lib/protection).
    rateLimit: { enabled: false },
    plugins: [
      anonymous({
        // Runs before the plugin deletes the anonymous user (whose rows would cascade away).
        onLinkAccount: async ({ anonymousUser, newUser }) => {
          await mergeUserData(db, anonymousUser.user.id, newUser.user.id);
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
