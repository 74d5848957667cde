import { defineConfig } from "prisma/config";
import { createMigrateAdapter } from "./lib/db/migrate-adapter";
import { DEFAULT_DATABASE_URL, databaseTarget } from "./lib/db/target";

// Prisma's CLI (generate, migrate) on the WASM schema engine through our driver adapters: nothing is
// downloaded (docs/decisions/031-offline-migrations.md). DATABASE_URL picks the schema folder and the
// migrations of one provider; `lib/cli/db-generate.ts` runs generate once per provider.
// A config file like playwright.config.ts, it reads its one setting itself rather than through
// lib/env.ts, so the CLI loads nothing of the application (only lib/db/target and migrate-adapter).
const target = databaseTarget(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);

// The schema's datasource keeps `url = env("DATABASE_URL")`; without a value `prisma generate`
// falls back to fetching an engine, so the default (the SQLite file) is always filled in.
process.env.DATABASE_URL = target.url;

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: `prisma/${target.provider}`,
  migrations: { path: `prisma/${target.provider}/migrations` },
  adapter: async () => createMigrateAdapter(target),
});
