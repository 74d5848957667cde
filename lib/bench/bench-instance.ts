import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCluster, type RunningCluster } from "@/lib/cluster/launcher";
import { runPrisma } from "@/lib/cli/prisma-cli";

/**
 * One `next start` on a throwaway, migrated SQLite database with its own auth secret, for the
 * benchmarks (the production build must exist). `env` is added to the instance's environment.
 */
export async function startBenchInstance(
  root: string,
  env: Record<string, string> = {},
  /** The instance's and its balancer's ports; by default free ones are picked. */
  ports?: { instance: number; balancer: number },
): Promise<RunningCluster> {
  const dataDir = mkdtempSync(join(tmpdir(), "tradeoff-bench-"));
  const databaseUrl = `file:${join(dataDir, "bench.db")}`;
  const migrated = runPrisma(["migrate", "deploy"], databaseUrl, { quiet: true });
  if (!migrated.ok) throw new Error(`migrating the bench database failed:\n${migrated.output}`);
  return startCluster({
    root,
    instances: 1,
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO_USERS: "false",
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
      ...env,
    },
    ...(ports ? { instancePorts: [ports.instance], port: ports.balancer } : {}),
  });
}
