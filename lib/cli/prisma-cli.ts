import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { DEFAULT_DATABASE_URL } from "@/lib/db/target";

const require = createRequire(import.meta.url);

/**
 * Runs the Prisma CLI of node_modules (offline: the WASM schema engine, see prisma.config.ts) with
 * DATABASE_URL set to `databaseUrl`, which selects the provider's schema and migrations.
 */
export function runPrisma(
  args: readonly string[],
  databaseUrl: string,
  options: { quiet?: boolean } = {},
): { ok: boolean; output: string } {
  const cli = require.resolve("prisma/build/index.js");
  const result = spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    encoding: "utf8",
    stdio: options.quiet ? "pipe" : ["ignore", "pipe", "pipe"],
    timeout: 120_000,
  });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (!options.quiet) process.stdout.write(filterNoise(output));
  return { ok: result.status === 0, output };
}

/** Prisma warns on every run that the schema's `url` is unused with an adapter; we know. */
function filterNoise(output: string): string {
  return output
    .replace(
      /WARNING: Your schema specifies the following datasource[\s\S]*?driver adapters\.\n/,
      "",
    )
    .replace(/\n{3,}/g, "\n\n");
}

/** A URL of each provider, for commands that only need to pick the schema (generate). */
export const PROVIDER_PLACEHOLDER_URLS = {
  sqlite: DEFAULT_DATABASE_URL,
  postgres: "postgresql://localhost:5432/placeholder",
} as const;
