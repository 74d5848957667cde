import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import pg from "pg";
import { loadAuthSecret } from "@/lib/auth/secret";
import { ensureBuild, holdLock } from "@/lib/cluster/build";
import { startJudgeWorker, type WorkerProcess } from "@/lib/cluster/judge-workers";
import { startCluster } from "@/lib/cluster/launcher";
import { haproxyBinary } from "@/lib/cluster/load-balancer";
import { databaseTarget, poolConfigFromUrl } from "@/lib/db/target";
import { env } from "@/lib/env";
import { runPrisma } from "./prisma-cli";

// npm run start:cluster [-- --instances 3 --judge-workers 2 --port 3000 --lock /tmp/next.lock]
//
// The platform as a cluster on one machine: three `next start` instances on loopback ports behind
// HAProxy (a child process, config generated into a temp directory, decision 220), sharing one PostgreSQL database (progress, sessions) and one Redis
// (rate limits). DATABASE_URL must be postgres:// to be used; otherwise the `tradeoff_cluster`
// database on the TEST_POSTGRES_URL server (default 127.0.0.1:5432) is created and migrated.
// REDIS_URL defaults to redis://127.0.0.1:6379. Builds first if there is no fresh build. With
// --judge-workers N (default 2; 0 = each instance judges in its own pool), submissions go on the
// judge queue in that Redis (JUDGE_QUEUE_URL, decision 230) and N `npm run judge:worker` processes
// judge and record them.

/** Bad arguments or a missing piece: one line saying what to change, no stack trace. */
function refuse(message: string): never {
  console.error(`start:cluster: ${message}`);
  process.exit(2);
}

let parsed: ReturnType<typeof parseOptions>;
try {
  parsed = parseOptions();
} catch (error) {
  refuse(messageOf(error));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
const { values } = parsed;

function parseOptions() {
  return parseArgs({
    options: {
      instances: { type: "string", default: "3" },
      "judge-workers": { type: "string", default: "2" },
      port: { type: "string", default: "3000" },
      lock: { type: "string" },
      weights: { type: "string" },
    },
  });
}
const instances = Number(values.instances);
const port = Number(values.port);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  refuse("--instances must be a whole number from 1 to 16");
}
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  refuse("--port must be a TCP port number (0 picks a free one)");
}
const judgeWorkers = Number(values["judge-workers"]);
if (!Number.isInteger(judgeWorkers) || judgeWorkers < 0 || judgeWorkers > 16) {
  refuse("--judge-workers must be a whole number from 0 to 16");
}
const weights = values.weights?.split(",").map(Number);
if (
  weights &&
  (weights.length !== instances || weights.some((w) => !Number.isInteger(w) || w < 0 || w > 256))
) {
  refuse(`--weights needs ${instances} whole numbers from 0 to 256, e.g. 7,2,1`);
}
if (!haproxyBinary()) {
  refuse("haproxy is not installed: apt-get install haproxy (the cluster's load balancer)");
}

const log = (line: string) => console.log(`[cluster] ${line}`);
const root = process.cwd();

const databaseUrl = clusterDatabaseUrl();
await ensureDatabase(databaseUrl).catch((error: unknown) => refuse(messageOf(error)));
const migrated = runPrisma(["migrate", "deploy"], databaseUrl, { quiet: true });
if (!migrated.ok) {
  process.stderr.write(migrated.output);
  refuse(`prisma migrate deploy failed on ${redact(databaseUrl)} (its output is above)`);
}
log(`database ${redact(databaseUrl)} migrated`);

const redisUrl = env.REDIS_URL ?? "redis://127.0.0.1:6379";
if (env.REDIS_CLUSTER_NODES) {
  // The instances inherit REDIS_CLUSTER_NODES and keep their buckets there (decision 221).
  const seeds = env.REDIS_CLUSTER_NODES.map((node) => `${node.host}:${node.port}`).join(", ");
  log(`rate limits on Redis Cluster (seeds ${seeds}) under "${env.RATE_LIMIT_PREFIX}"`);
} else {
  await checkRedis(redisUrl).catch((error: unknown) => refuse(messageOf(error)));
  log(`rate limits in Redis at ${redact(redisUrl)} under "${env.RATE_LIMIT_PREFIX}"`);
}

const lock = values.lock ? await holdLock(values.lock) : null;
try {
  await ensureBuild(root, log);
} finally {
  await lock?.release();
}

const queue: Record<string, string> =
  judgeWorkers > 0
    ? {
        JUDGE_QUEUE_URL: env.JUDGE_QUEUE_URL ?? redisUrl,
        JUDGE_QUEUE_PREFIX: env.JUDGE_QUEUE_PREFIX,
      }
    : {};
// The workers warm up while the instances start; each gets one judge thread of the machine's.
const workersStarting = Promise.all(
  Array.from({ length: judgeWorkers }, () =>
    startJudgeWorker(
      { ...queue, DATABASE_URL: databaseUrl, JUDGE_WORKER_CONCURRENCY: "1" },
      { root },
    ),
  ),
);
workersStarting.catch(() => undefined);
const cluster = await startCluster({
  root,
  instances,
  port,
  ...(weights ? { weights } : {}),
  env: {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    RATE_LIMIT_PREFIX: env.RATE_LIMIT_PREFIX,
    // One secret for all: a session cookie signed by one instance must be valid on the others.
    BETTER_AUTH_SECRET: loadAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR),
    ...queue,
  },
  log,
});
const workers: WorkerProcess[] = await workersStarting.catch(async (error: unknown) => {
  await cluster.stop();
  throw error;
});
if (judgeWorkers > 0) {
  log(
    `judge queue in Redis at ${redact(queue.JUDGE_QUEUE_URL!)}; judge workers (pid): ` +
      workers.map((worker) => worker.pid).join(", "),
  );
} else {
  log("no judge workers: each instance judges in its own worker pool");
}
const shares = weights ?? cluster.instances.map(() => 1);
log(
  `HAProxy (pid ${cluster.balancer.process.pid}) on ${cluster.balancer.url} → ` +
    cluster.instances.map((i, n) => `${i.port} (weight ${shares[n]})`).join(", "),
);
log(`its configuration: ${cluster.balancer.directory}/haproxy.cfg`);
log("Ctrl+C stops the balancer and every instance");

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  const counts = await cluster.balancer.requestCounts().catch(() => null);
  log(`stopping${counts ? ` (requests per instance: ${counts.join(", ")})` : ""}`);
  await Promise.all([cluster.stop(), ...workers.map((worker) => worker.stop())]);
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
cluster.balancer.process.once("exit", (code) => {
  if (stopping) return;
  console.error(`[cluster] HAProxy exited (${code}):\n${cluster.balancer.output()}`);
  void stop();
});
for (const worker of workers) {
  worker.child.once("exit", (code) => {
    if (stopping) return;
    console.error(`[cluster] judge worker ${worker.pid} exited (${code}):\n${worker.output()}`);
    void stop();
  });
}
for (const instance of cluster.instances) {
  instance.process.once("exit", (code) => {
    if (stopping) return;
    console.error(`[cluster] instance ${instance.port} exited (${code}):\n${instance.output()}`);
    void stop();
  });
}

function clusterDatabaseUrl(): string {
  if (databaseTarget(env.DATABASE_URL).provider === "postgres") return env.DATABASE_URL;
  const server = new URL(env.TEST_POSTGRES_URL);
  server.pathname = "/tradeoff_cluster";
  return server.toString();
}

/** Creates the database if the server does not have it yet. */
async function ensureDatabase(url: string): Promise<void> {
  const config = poolConfigFromUrl(url);
  const probe = new pg.Client({ ...config, connectionTimeoutMillis: 5_000 });
  try {
    await probe.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== "3D000") {
      throw new Error(`PostgreSQL at ${redact(url)} is not reachable: ${String(error)}`);
    }
  } finally {
    await probe.end().catch(() => undefined);
  }
  const admin = new pg.Client({ ...config, database: "postgres" });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${String(config.database).replace(/"/g, '""')}"`);
    log(`created database ${config.database}`);
  } finally {
    await admin.end();
  }
}

async function checkRedis(url: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 3_000,
  });
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Redis at ${redact(url)} is not reachable: ${String(error)}`);
  } finally {
    redis.disconnect();
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, "//$1:***@");
}
