import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { poolConfigFromUrl } from "@/lib/db/target";
import { env } from "@/lib/env";
import { postgresUrl } from "../fixtures/db";

// Prisma's own CLI, offline, on both databases: generate, deploy, dev (which replays every
// migration on a shadow database), status and reset. This is the test that catches an upgrade of
// prisma or an adapter breaking one of the fixes in lib/db/migrate-adapter.ts. It runs in a copy
// of the project's Prisma files so `migrate dev` can author a migration without touching the repo.

const ROOT = process.cwd();
const PROBE_MODEL = "\nmodel CliProbe {\n  id    String @id\n  label String\n}\n";
// The WASM engine's watchdog kept finished commands alive for a minute (fix 6).
const MAX_COMMAND_MS = 45_000;

function projectCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "tradeoff-prisma-"));
  cpSync(join(ROOT, "prisma"), join(dir, "prisma"), { recursive: true, verbatimSymlinks: true });
  cpSync(join(ROOT, "prisma.config.ts"), join(dir, "prisma.config.ts"));
  mkdirSync(join(dir, "lib", "db"), { recursive: true });
  for (const file of ["migrate-adapter.ts", "target.ts"]) {
    cpSync(join(ROOT, "lib", "db", file), join(dir, "lib", "db", file));
  }
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  return dir;
}

function prisma(dir: string, url: string, ...args: string[]) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", ...args], {
    cwd: dir,
    env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    encoding: "utf8",
    timeout: 90_000,
  });
  return {
    status: result.status,
    output: `${result.stdout}${result.stderr}`,
    ms: performance.now() - started,
  };
}

function expectOk(run: ReturnType<typeof prisma>): string {
  expect(run.status, run.output).toBe(0);
  expect(run.ms).toBeLessThan(MAX_COMMAND_MS);
  return run.output;
}

describe.each(["sqlite", "postgres"] as const)("the Prisma CLI on %s, offline", (provider) => {
  let dir: string;
  let url: string;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    dir = projectCopy();
    if (provider === "sqlite") {
      url = `file:${join(dir, "cli.db")}`;
    } else {
      const base = poolConfigFromUrl(env.TEST_POSTGRES_URL);
      const name = `tradeoff_cli_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = new pg.Client(base);
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      url = postgresUrl(base, name);
      dropDatabase = async () => {
        const dropper = new pg.Client(base);
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await dropper.end();
      };
    }
  });

  afterAll(async () => {
    await dropDatabase();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("generate, deploy, dev, status and reset all succeed and exit promptly", async () => {
    const shadowsBefore = await shadowDatabases(provider);
    expect(expectOk(prisma(dir, url, "generate"))).toMatch(/Generated Prisma Client/);
    expect(expectOk(prisma(dir, url, "migrate", "deploy"))).toMatch(
      /applied|No pending migrations/,
    );

    // A schema change: `dev` must replay the checked-in migrations on a shadow database (fixes
    // 1, 2, 3, 4) and then author the new one.
    appendFileSync(join(dir, "prisma", "models.prisma"), PROBE_MODEL);
    expectOk(prisma(dir, url, "migrate", "dev", "--name", "cli-probe", "--skip-generate"));
    const migrations = readdirSync(join(dir, "prisma", provider, "migrations"));
    expect(migrations.some((name) => name.endsWith("_cli_probe"))).toBe(true);

    expect(expectOk(prisma(dir, url, "migrate", "status"))).toMatch(
      /Database schema is up to date/,
    );

    // Reset drops everything and re-applies every migration (fix 5 on SQLite).
    expectOk(prisma(dir, url, "migrate", "reset", "--force", "--skip-generate"));
    expect(await tableNames(provider, url)).toEqual(
      expect.arrayContaining(["CliProbe", "user", "submission"]),
    );
    const shadowsAfter = await shadowDatabases(provider);
    expect(shadowsAfter.filter((name) => !shadowsBefore.includes(name))).toEqual([]);
  }, 240_000);
});

async function tableNames(provider: "sqlite" | "postgres", url: string): Promise<string[]> {
  if (provider === "sqlite") {
    const db = new Database(url.replace(/^file:/, ""), { readonly: true });
    const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[];
    db.close();
    return rows.map((row) => row.name);
  }
  const client = new pg.Client(poolConfigFromUrl(url));
  await client.connect();
  const { rows } = await client.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
  );
  await client.end();
  return rows.map((row) => row.tablename);
}

/** Shadow databases on the server (ours and the adapter's own naming), to find any left behind. */
async function shadowDatabases(provider: "sqlite" | "postgres"): Promise<string[]> {
  if (provider === "sqlite") return [];
  const client = new pg.Client(poolConfigFromUrl(env.TEST_POSTGRES_URL));
  await client.connect();
  const { rows } = await client.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'prisma_%shadow%'",
  );
  await client.end();
  return rows.map((row) => row.datname);
}
