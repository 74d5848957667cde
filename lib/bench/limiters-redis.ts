/**
 * bench:limiters, the Redis part (decisions 221, 222, 570): our store against rate-limiter-flexible
 * on one private redis-server, with the client configured as the server runs it (lib/protection's
 * createRedisClient) and with ioredis auto-pipelining; Redis's own ceiling for the same script (the
 * same EVALSHA, same batch size, from a client that does nothing else) beside it, and the store again
 * with as many decisions in flight as the ceiling keeps; then the store on a private Redis Cluster of
 * three masters with a replica each. Every server is started here and stopped after.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { type Cluster, Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import { startRedisCluster } from "@/lib/cluster/redis-cluster";
import { SystemClock } from "@/lib/limiters";
import { MAX_BATCH, RedisBucketStore } from "@/lib/limiters/redis-store";
import { bucketTtlMs } from "@/lib/limiters/store";
import {
  BUCKET_REPLY_BYTES,
  TOKEN_BUCKET_SCRIPT,
  packBucketArguments,
  tokenBucketPlan,
} from "@/lib/limiters/token-bucket-script";
import { createRedisClient } from "@/lib/protection/redis-client";
import { ceilingCallsPerSecond, encodeCommand } from "./redis-ceiling";
import {
  type BenchRedisServer as Server,
  existingRedisServer,
  startRedisServer,
} from "./redis-server";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/**
 * Private ports by default (this benchmark's own, so it never disturbs a shared server);
 * `--redis-port` and `--cluster-port` move them into an engineer's own range on a shared machine.
 * `--redis-url` measures an existing server instead (the one the site is configured with): keys
 * under a prefix of this run's own, left to expire, never flushed.
 */
const SINGLE_PORT = Number(option("redis-port") ?? 7040);
const CLUSTER_PORT = Number(option("cluster-port") ?? 7020);
const CLUSTER_BUS_PORT = CLUSTER_PORT + 10;
const EXISTING_URL = option("redis-url");
const RUN_PREFIX = `bench:limiters:${process.pid}:`;

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

/** Decisions/s with `inFlight` callers, each asking again as soon as it is answered. */
async function rate(
  decide: (key: string) => Promise<unknown>,
  inFlight = IN_FLIGHT,
): Promise<number> {
  // Enough decisions that the first and last waves (callers starting, callers finishing) are a
  // small part of the run at any concurrency.
  const ops = Math.max(OPS, inFlight * 40);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < ops) await decide(KEYS[next++ % KEYS.length]!);
    }),
  );
  return (ops / (performance.now() - started)) * 1000;
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
 * Redis's ceiling for our script: the same EVALSHA, MAX_BATCH buckets per call (what the store
 * sends under load), encoded in advance and pipelined over several connections by a client that
 * does nothing else (redis-ceiling.ts), random keys; decisions/s = calls/s × MAX_BATCH.
 */
async function ceilingRun(server: Server, connections: number, pipeline: number) {
  const sha = createHash("sha1").update(TOKEN_BUCKET_SCRIPT).digest("hex");
  spawnSync("redis-cli", [
    "-h",
    server.host,
    "-p",
    String(server.port),
    "SCRIPT",
    "LOAD",
    TOKEN_BUCKET_SCRIPT,
  ]);
  const plan = tokenBucketPlan(PLAN.capacity, PLAN.perSecond, bucketTtlMs(100, 10));
  const now = Math.floor(clock.now());
  const packed = packBucketArguments(
    Array.from({ length: MAX_BATCH }, () => ({ plan, now, cost: PLAN.cost })),
  );
  const commands = Array.from({ length: 256 }, () =>
    encodeCommand([
      "EVALSHA",
      sha,
      String(MAX_BATCH),
      ...Array.from(
        { length: MAX_BATCH },
        () => `${RUN_PREFIX}ceiling:${Math.floor(Math.random() * 10_000)}`,
      ),
      packed,
    ]),
  );
  try {
    const calls = await ceilingCallsPerSecond({
      host: server.host,
      port: server.port,
      commands,
      replyBytes: MAX_BATCH * BUCKET_REPLY_BYTES,
      connections,
      pipeline,
      calls: 20_000,
    });
    return calls * MAX_BATCH;
  } catch (error) {
    console.log(`  ceiling run failed: ${String(error)}`);
    return null;
  }
}

/** The connection count and pipeline depth at which Redis runs the script fastest here. */
async function fastestSetting(server: Server): Promise<[number, number] | null> {
  let best: [number, number] | null = null;
  let bestRate = 0;
  for (const setting of [
    [4, 4],
    [8, 4],
    [2, 16],
    [16, 16],
  ] as [number, number][]) {
    const measured = (await ceilingRun(server, ...setting)) ?? 0;
    if (measured > bestRate) [best, bestRate] = [setting, measured];
  }
  return best;
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
  const server = EXISTING_URL
    ? existingRedisServer(EXISTING_URL)
    : await startRedisServer(SINGLE_PORT);
  const url = server.url;
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
        const store = new RedisBucketStore(client, `${RUN_PREFIX}ours${i}:`);
        const flexible = new RateLimiterRedis({
          storeClient: theirsClient,
          keyPrefix: `${RUN_PREFIX}rlf${i}`,
          points: 100,
          duration: 10,
        });
        await store.take("warm", { ...PLAN, now: clock.now() });
        await flexible.consume("warm").catch(() => {});
        return { label, client, store, flexible, sent: countCommands(client) };
      }),
    );
    const setting = await fastestSetting(server);
    // The ceiling keeps connections × pipeline calls of MAX_BATCH queued: the store is also measured
    // with that many decisions in flight (a flood of requests, when Redis's throughput is what
    // counts), beside the 64 of a busy instance, where every call waits a round trip.
    const flood = setting ? setting[0] * setting[1] * MAX_BATCH : null;
    const rows = contenders.map(() => ({
      ours: [] as number[],
      commands: 0,
      cpu: [] as number[],
      theirs: [] as number[],
      toCeiling: [] as number[],
      toSameLoad: [] as number[],
      flood: [] as number[],
      floodToCeiling: [] as number[],
    }));
    const ceilings: number[] = [];
    // The same script with as many decisions in flight as the store is given (one connection,
    // IN_FLIGHT / MAX_BATCH calls pipelined): what Redis does at this load, where the ceiling
    // above keeps hundreds of calls queued.
    const sameLoad: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const rates: number[] = [];
      const floodRates: number[] = [];
      for (const [i, contender] of contenders.entries()) {
        const take = (key: string) => contender.store.take(key, { ...PLAN, now: clock.now() });
        const sentBefore = contender.sent();
        const [ours, cpu] = await cpuPerDecision(() => rate(take));
        rows[i]!.commands += contender.sent() - sentBefore;
        rows[i]!.ours.push(ours);
        rows[i]!.cpu.push(cpu);
        rows[i]!.theirs.push(await rate((key) => contender.flexible.consume(key).catch(() => {})));
        rates.push(ours);
        if (flood) floodRates.push(await rate(take, flood));
      }
      floodRates.forEach((measured, i) => rows[i]!.flood.push(measured));
      const top = setting ? await ceilingRun(server, ...setting) : null;
      if (top) {
        ceilings.push(top);
        rates.forEach((ours, i) => rows[i]!.toCeiling.push(ours / top));
        floodRates.forEach((measured, i) => rows[i]!.floodToCeiling.push(measured / top));
      }
      const level = await ceilingRun(server, 1, IN_FLIGHT / MAX_BATCH);
      if (level) {
        sameLoad.push(level);
        rates.forEach((ours, i) => rows[i]!.toSameLoad.push(ours / level));
      }
    }
    console.log(
      `\nRedis, ${EXISTING_URL ? `the server at ${EXISTING_URL}` : "one private server"}, 10,000 keys, ${IN_FLIGHT} in flight (decisions/s, median of ${ROUNDS})`,
    );
    for (const [i, contender] of contenders.entries()) {
      const row = rows[i]!;
      line(`RedisBucketStore, ${contender.label}`, fmt(median(row.ours)));
      line("  commands per decision", (row.commands / (ROUNDS * OPS)).toFixed(3).padStart(12));
      line("  client CPU per decision (µs)", median(row.cpu).toFixed(2).padStart(12));
      line("  RateLimiterRedis, same client options", fmt(median(row.theirs)));
      line("  ratio, ours / RateLimiterRedis", ratio(median(row.ours) / median(row.theirs)));
    }
    if (ceilings.length === 0) {
      line("ceiling (EVALSHA loop)", " unavailable");
    } else {
      line(
        `ceiling: EVALSHA of ${MAX_BATCH}, ${setting![0]} conn. × ${setting![1]} pipelined`,
        fmt(median(ceilings)),
      );
      for (const [i, contender] of contenders.entries()) {
        line(`ratio, ${contender.label} / ceiling`, ratio(median(rows[i]!.toCeiling)));
      }
    }
    if (sameLoad.length > 0) {
      line(
        `EVALSHA of ${MAX_BATCH}, 1 conn. × ${IN_FLIGHT / MAX_BATCH} pipelined (${IN_FLIGHT} in flight)`,
        fmt(median(sameLoad)),
      );
      for (const [i, contender] of contenders.entries()) {
        line(`ratio, ${contender.label} / that`, ratio(median(rows[i]!.toSameLoad)));
      }
    }
    if (flood && ceilings.length > 0) {
      console.log(`  With the ceiling's ${flood.toLocaleString("en-US")} decisions in flight:`);
      for (const [i, contender] of contenders.entries()) {
        line(`RedisBucketStore, ${contender.label}`, fmt(median(rows[i]!.flood)));
        line(`  ratio to the ceiling`, ratio(median(rows[i]!.floodToCeiling)));
      }
    }
  } finally {
    for (const client of clients) client.disconnect();
    server.stop();
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

export async function redisBenchmarks(options: { cluster: boolean }): Promise<void> {
  try {
    await singleServer();
  } catch (error) {
    console.log(`  single server skipped: ${String(error)}`);
  }
  if (!options.cluster) return;
  try {
    await redisCluster();
  } catch (error) {
    console.log(`  Redis Cluster skipped: ${String(error)}`);
  }
}
