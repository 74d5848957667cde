/**
 * bench:limiters, the Redis part (decisions 221, 222): our store against rate-limiter-flexible on
 * one private redis-server, with the client configured as the server runs it (lib/protection's
 * createRedisClient) and with ioredis auto-pipelining; Redis's own ceiling for the same script
 * (redis-benchmark sending EVALSHA, same batch size) beside it; and the store on a private Redis
 * Cluster of three masters with a replica each. Every server is started here and stopped after.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { Cluster, Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import { startRedisCluster } from "@/lib/cluster/redis-cluster";
import { SystemClock } from "@/lib/limiters";
import { MAX_BATCH, RedisBucketStore } from "@/lib/limiters/redis-store";
import { bucketTtlMs } from "@/lib/limiters/store";
import { TOKEN_BUCKET_SCRIPT, tokenBucketPlan } from "@/lib/limiters/token-bucket-script";
import { createRedisClient } from "@/lib/protection/redis-client";

/** Private ports (this benchmark's own, so it never disturbs a shared server). */
const SINGLE_PORT = 7040;
const CLUSTER_PORT = 7020;
const CLUSTER_BUS_PORT = 7030;

const ROUNDS = 5;
const OPS = 40_000;
const IN_FLIGHT = 64;
const KEYS = Array.from({ length: 10_000 }, (_, i) => `user:${i}`);
const PLAN = { capacity: 100, perSecond: 10, cost: 1 };
const clock = new SystemClock();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => Math.round(n).toLocaleString("en-US").padStart(12);
const ratio = (n: number) => `${n.toFixed(2).padStart(11)}x`;
const line = (label: string, value: string) => console.log(`  ${label.padEnd(44)}${value}`);

/** Counts commands sent on a connection (a cluster counts on each node's connection). */
function countCommands(client: Redis | Cluster): () => number {
  let sent = 0;
  const target = client as unknown as { sendCommand: (...args: unknown[]) => unknown };
  const send = target.sendCommand.bind(client);
  target.sendCommand = (...args: unknown[]) => {
    sent++;
    return send(...args);
  };
  return () => sent;
}

async function rate(decide: (key: string) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < OPS) await decide(KEYS[next++ % KEYS.length]!);
    }),
  );
  return (OPS / (performance.now() - started)) * 1000;
}

interface Measured {
  rate: number;
  commandsPerDecision: number;
}

/** Our store on `client`, median of ROUNDS, alternating with `other` when given (fair on a busy machine). */
async function measureStore(
  client: Redis | Cluster,
  prefix: string,
  other?: () => Promise<number>,
): Promise<{ ours: Measured; theirs?: number }> {
  const store = new RedisBucketStore(client, prefix);
  await store.take("warm", { ...PLAN, now: clock.now() });
  const sent = countCommands(client);
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    ours.push(await rate((key) => store.take(key, { ...PLAN, now: clock.now() })));
    if (other) theirs.push(await other());
  }
  return {
    ours: { rate: median(ours), commandsPerDecision: sent() / (ROUNDS * OPS) },
    ...(other ? { theirs: median(theirs) } : {}),
  };
}

/**
 * Redis's ceiling for our script: redis-benchmark sending EVALSHA with MAX_BATCH buckets per call
 * (what the store sends under load), pipelined, random keys; decisions/s = calls/s × MAX_BATCH.
 * Run after our figures, on the same server, so both see the same machine.
 */
function ceiling(port: number): number | null {
  const sha = createHash("sha1").update(TOKEN_BUCKET_SCRIPT).digest("hex");
  spawnSync("redis-cli", ["-p", String(port), "SCRIPT", "LOAD", TOKEN_BUCKET_SCRIPT]);
  const plan = tokenBucketPlan(PLAN.capacity, PLAN.perSecond, bucketTtlMs(100, 10));
  const keys = Array.from({ length: MAX_BATCH }, (_, i) => `bench:ceiling:${i}:__rand_int__`);
  const args = keys.flatMap(() => [plan, String(Math.floor(clock.now())), "1"]);
  // The best of a few client counts and pipeline depths: a ceiling is the most Redis can do.
  const rates: number[] = [];
  for (const [clients, pipeline] of [
    [4, 4],
    [8, 4],
    [2, 16],
    [16, 16],
  ] as const) {
    const run = spawnSync(
      "redis-benchmark",
      ["-p", String(port), "-c", String(clients), "-P", String(pipeline), "-n", "20000"].concat([
        "-r",
        "10000",
        "-q",
        "EVALSHA",
        sha,
        String(MAX_BATCH),
        ...keys,
        ...args,
      ]),
      { encoding: "utf8", timeout: 120_000 },
    );
    const match = /([\d.]+) requests per second/.exec(run.stdout);
    if (match) rates.push(Number(match[1]) * MAX_BATCH);
  }
  return rates.length > 0 ? Math.max(...rates) : null;
}

async function startServer(port: number): Promise<() => void> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "ignore"] },
  );
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Ready to accept")) resolve();
    });
  });
  child.stdout?.resume();
  return () => child.kill("SIGKILL");
}

async function singleServer(): Promise<void> {
  const stop = await startServer(SINGLE_PORT);
  const url = `redis://127.0.0.1:${SINGLE_PORT}`;
  try {
    const results: [string, Measured, number?][] = [];
    for (const auto of [false, true]) {
      // As the server runs it (createRedisClient), then the same with auto-pipelining on top.
      const client = auto
        ? new Redis(url, { enableAutoPipelining: true })
        : (createRedisClient({ url }) as Redis);
      const theirsClient = new Redis(url, { enableAutoPipelining: auto });
      const flexible = new RateLimiterRedis({
        storeClient: theirsClient,
        keyPrefix: `rlf${auto ? 1 : 0}`,
        points: 100,
        duration: 10,
      });
      await flexible.consume("warm").catch(() => {});
      const { ours, theirs } = await measureStore(client, `ours${auto ? 1 : 0}:`, () =>
        rate((key) => flexible.consume(key).catch(() => {})),
      );
      results.push([auto ? "with auto-pipelining" : "as the server runs it", ours, theirs]);
      client.disconnect();
      theirsClient.disconnect();
    }
    const top = ceiling(SINGLE_PORT);
    console.log(
      `\nRedis, one private server, 10,000 keys, ${IN_FLIGHT} in flight (decisions/s, median of ${ROUNDS})`,
    );
    for (const [label, ours, theirs] of results) {
      line(`RedisBucketStore, ${label}`, fmt(ours.rate));
      line(`  commands per decision`, ours.commandsPerDecision.toFixed(3).padStart(12));
      if (theirs) line(`  RateLimiterRedis, same client options`, fmt(theirs));
      if (theirs) line(`  ratio, ours / RateLimiterRedis`, ratio(ours.rate / theirs));
    }
    if (top === null) {
      line("Redis's ceiling (redis-benchmark)", "  unavailable");
    } else {
      line(`ceiling: redis-benchmark, EVALSHA of ${MAX_BATCH}`, fmt(top));
      line("ratio, as the server runs it / ceiling", ratio(results[0]![1].rate / top));
      line("ratio, with auto-pipelining / ceiling", ratio(results[1]![1].rate / top));
    }
  } finally {
    stop();
  }
}

async function redisCluster(): Promise<void> {
  const cluster = await startRedisCluster({ port: CLUSTER_PORT, busPort: CLUSTER_BUS_PORT });
  try {
    const client = createRedisClient({ clusterNodes: cluster.seeds }) as Cluster;
    client.on("error", () => {});
    const { ours } = await measureStore(client, "ours:");
    console.log(
      `\nRedis Cluster, 3 masters + 3 replicas (private), 10,000 keys, ${IN_FLIGHT} in flight (median of ${ROUNDS})`,
    );
    line("RedisBucketStore on Cluster (decisions/s)", fmt(ours.rate));
    line("  commands per decision", ours.commandsPerDecision.toFixed(3).padStart(12));
    client.disconnect();
  } finally {
    await cluster.stop();
  }
}

export async function redisBenchmarks(): Promise<void> {
  try {
    await singleServer();
  } catch (error) {
    console.log(`  single server skipped: ${String(error)}`);
  }
  try {
    await redisCluster();
  } catch (error) {
    console.log(`  Redis Cluster skipped: ${String(error)}`);
  }
}
