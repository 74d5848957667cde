import { z } from "zod";
import { DEFAULT_DATABASE_URL } from "@/lib/db/target";
import { hiddenInstanceEnvShape } from "@/lib/judge/node/hidden-instance-config";
import { judgeQueueEnvShape } from "@/lib/judge/node/queue-config";
import { protectionEnvShape } from "@/lib/protection/config";

// The only module that reads process.env. Every setting is parsed here, once, so a bad value fails at
// start-up with the variable's name and the reason instead of deep inside a request.
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .regex(
      /^(file:|postgres(ql)?:\/\/)/,
      "must start with file: (SQLite) or postgres:// (PostgreSQL)",
    )
    .default(DEFAULT_DATABASE_URL),
  REDIS_URL: z.string().url().optional(),
  TEST_POSTGRES_URL: z.string().default("postgresql://postgres@127.0.0.1:5432/test"),
  // Accounts (docs/decisions/033-auth-better-auth.md). Without a secret, one is generated once and
  // kept in DATA_DIR, so `npm start` on a fresh machine works and sessions survive restarts.
  DATA_DIR: z.string().min(1).default("data"),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  // The public origin (https://…) when served beyond this machine; unset = localhost only.
  AUTH_URL: z.string().url().optional(),
  // Demo accounts on an empty database at start: "auto" = on SQLite (local use) only.
  SEED_DEMO_USERS: z.enum(["auto", "true", "false"]).default("auto"),
  // Self-protection: RATE_LIMITS, RATE_LIMIT_PREFIX, TRUST_PROXY, JUDGE_MAX_QUEUE, … (lib/protection).
  ...protectionEnvShape,
  // The judge queue: JUDGE_QUEUE_URL, JUDGE_QUEUE_MAX_WAITING, … (lib/judge/node/queue-config.ts).
  ...judgeQueueEnvShape,
  // The hidden suites in a second module per judge worker: JUDGE_HIDDEN_INSTANCE=on|off (decision 310).
  ...hiddenInstanceEnvShape,
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export const env: Env = parseEnv(process.env);
