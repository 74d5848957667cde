/**
 * bench:limiters, the Redis part (decisions 221, 222): our store against rate-limiter-flexible on
 * one private redis-server, with the client configured as the server runs it (lib/protection's
 * createRedisClient) and with ioredis auto-pipelining; Redis's own ceiling for the same script
 * (redis-benchmark sending EVALSHA, same batch size) beside it; and the store on a private Redis
 * Cluster of three masters with a replica each. Every server is started here and stopped after.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { type Cluster, Redis } from "ioredis";
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
 */
function ceilingRun(port: number, clients: number, pipeline: number): number | null {
  const sha = createHash("sha1").update(TOKEN_BUCKET_SCRIPT).digest("hex");
  spawnSync("redis-cli", ["-p", String(port), "SCRIPT", "LOAD", TOKEN_BUCKET_SCRIPT]);
  const plan = tokenBucketPlan(PLAN.capacity, PLAN.perSecond, bucketTtlMs(100, 10));
  const keys = Array.from({ length: MAX_BATCH }, (_, i) => `bench:ceiling:${i}:__rand_int__`);
  const args = keys.flatMap(() => [plan, String(Math.floor(clock.now())), "1"]);
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
  return match ? Number(match[1]) * MAX_BATCH : null;
}

/** The client count and pipeline depth at which Redis runs the script fastest here. */
function fastestSetting(port: number): [number, number] | null {
  let best: [number, number] | null = null;
  let bestRate = 0;
  for (const setting of [
    [4, 4],
    [8, 4],
    [2, 16],
    [16, 16],
  ] as [number, number][]) {
    const measured = ceilingRun(port, ...setting) ?? 0;
    if (measured > bestRate) [best, bestRate] = [setting, measured];
  }
  return best;
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

/** Client CPU time per decision (µs): robust where wall-clock rates are not, on a busy machine. */
async function cpuPerDecision(run: () => Promise<number>): Promise<[rate: number, cpuUs: number]> {
  const before = process.cpuUsage();
  const measured = await run();
  const used = process.cpuUsage(before);
  return [measured, (used.user + used.system) / OPS];
}

/**
 * One private redis-server. Every round runs each contender once, then the ceiling, so each ratio
 * compares runs taken moments apart; the medians of the rounds are printed.
 */
async function singleServer(): Promise<void> {
  const stop = await startServer(SINGLE_PORT);
  const url = `redis://127.0.0.1:${SINGLE_PORT}`;
  const clients: (Redis | Cluster)[] = [];
  try {
    // As the server runs it (createRedisClient), then the same with auto-pipelining on top.
    const configs = [
      ["as the server runs it", createRedisClient({ url }), new Redis(url)],
      [
        "with auto-pipelining",
        new Redis(url, { enableAutoPipelining: true }),
        new Redis(url, { enableAutoPipelining: true }),
      ],
    ] as const;
    const contenders = await Promise.all(
      configs.map(async ([label, client, theirsClient], i) => {
        clients.push(client, theirsClient);
        const store = new RedisBucketStore(client, `ours${i}:`);
        const flexible = new RateLimiterRedis({
          storeClient: theirsClient,
          keyPrefix: `rlf${i}`,
          points: 100,
          duration: 10,
        });
        await store.take("warm", { ...PLAN, now: clock.now() });
        await flexible.consume("warm").catch(() => {});
        return { label, client, store, flexible, sent: countCommands(client) };
      }),
    );
    const setting = fastestSetting(SINGLE_PORT);
    const rows = contenders.map(() => ({
      ours: [] as number[],
      cpu: [] as number[],
      theirs: [] as number[],
      toCeiling: [] as number[],
    }));
    const ceilings: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const rates: number[] = [];
      for (const [i, contender] of contenders.entries()) {
        const [ours, cpu] = await cpuPerDecision(() =>
          rate((key) => contender.store.take(key, { ...PLAN, now: clock.now() })),
        );
        rows[i]!.ours.push(ours);
        rows[i]!.cpu.push(cpu);
        rows[i]!.theirs.push(await rate((key) => contender.flexible.consume(key).catch(() => {})));
        rates.push(ours);
      }
      const top = setting ? ceilingRun(SINGLE_PORT, ...setting) : null;
      if (top) {
        ceilings.push(top);
        rates.forEach((ours, i) => rows[i]!.toCeiling.push(ours / top));
      }
    }
    console.log(
      `\nRedis, one private server, 10,000 keys, ${IN_FLIGHT} in flight (decisions/s, median of ${ROUNDS})`,
    );
    for (const [i, contender] of contenders.entries()) {
      const row = rows[i]!;
      line(`RedisBucketStore, ${contender.label}`, fmt(median(row.ours)));
      line("  commands per decision", (contender.sent() / (ROUNDS * OPS)).toFixed(3).padStart(12));
      line("  client CPU per decision (µs)", median(row.cpu).toFixed(2).padStart(12));
      line("  RateLimiterRedis, same client options", fmt(median(row.theirs)));
      line("  ratio, ours / RateLimiterRedis", ratio(median(row.ours) / median(row.theirs)));
    }
    if (ceilings.length === 0) {
      line("ceiling (redis-benchmark)", " unavailable");
    } else {
      line(
        `ceiling: redis-benchmark, EVALSHA of ${MAX_BATCH}, -c ${setting![0]} -P ${setting![1]}`,
        fmt(median(ceilings)),
      );
      for (const [i, contender] of contenders.entries()) {
        line(`ratio, ${contender.label} / ceiling`, ratio(median(rows[i]!.toCeiling)));
      }
    }
  } finally {
    for (const client of clients) client.disconnect();
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
