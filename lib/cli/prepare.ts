import { existsSync, mkdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname } from "node:path";
import { getAuth } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { databaseTarget, sqlitePath } from "@/lib/db/target";
import { env } from "@/lib/env";
import { systemWallClock } from "@/lib/time/wall-clock";
import { DEMO_USERS, isDatabaseEmpty, seedDemoData } from "@/lib/progress/demo-data";
import { runPrisma } from "./prisma-cli";

// `npm start` runs this first (prestart): everything a fresh clone needs, offline, idempotent.
//   1. the data folder and the SQLite file (WAL)   2. migrations (`prisma migrate deploy`)
//   3. demo users if the database is empty          4. `next build` if there is no build yet
// `--skip-build` leaves step 4 to the caller (the e2e web server builds anyway).

const started = performance.now();
const step = (message: string) =>
  console.log(`[prepare] ${message} (${Math.round(performance.now() - started)} ms)`);

const target = databaseTarget(env.DATABASE_URL);
if (target.provider === "sqlite") mkdirSync(dirname(sqlitePath(target.url)), { recursive: true });
mkdirSync(env.DATA_DIR, { recursive: true });

const migrated = runPrisma(["migrate", "deploy"], target.url, { quiet: true });
if (!migrated.ok) {
  process.stderr.write(migrated.output);
  throw new Error("prisma migrate deploy failed");
}
step(`database migrated (${target.provider})`);

const deps = { db: getDb(), clock: systemWallClock };
const seed =
  env.SEED_DEMO_USERS === "true" ||
  (env.SEED_DEMO_USERS === "auto" && target.provider === "sqlite");
if (seed && (await isDatabaseEmpty(deps))) {
  await seedDemoData(deps, getAuth());
  step("demo users created:");
  for (const user of Object.values(DEMO_USERS))
    console.log(`           ${user.email} / ${user.password}`);
}
await deps.db.$disconnect();

if (!process.argv.includes("--skip-build") && !existsSync(".next/BUILD_ID")) {
  step("no build yet: running next build");
  const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
step("ready");
