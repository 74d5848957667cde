import { z } from "zod";

// The only module that reads process.env. Every setting is parsed here, once, so a bad value fails at
// start-up with the variable's name and the reason instead of deep inside a request.
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres(ql)?:\/\/)/, "must start with file: (SQLite) or postgres:// (PostgreSQL)")
    .default("file:./data/tradeoff.db"),
  REDIS_URL: z.string().url().optional(),
  TEST_POSTGRES_URL: z.string().default("postgresql://postgres@127.0.0.1:5432/test"),
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
