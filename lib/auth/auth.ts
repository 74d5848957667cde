import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { anonymous } from "better-auth/plugins";
import type { Db } from "@/lib/db/client";
import type { DatabaseProvider } from "@/lib/db/target";
import { mergeUserData } from "@/lib/progress/merge";

export interface AuthOptions {
  db: Db;
  provider: DatabaseProvider;
  secret: string;
  /** The public origin; without it only loopback hosts are served (local use, tests). */
  baseURL?: string;
  /** Secure cookies: true in production (browsers accept them on http://localhost too). */
  secureCookies: boolean;
}

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
      minPasswordLength: 8,
      maxPasswordLength: 128,
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
    },
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
