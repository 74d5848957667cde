/**
 * npm run bench:limiters — decisions per second for each algorithm (single key and across 100k
 * keys), memory per key, and the same workloads through rate-limiter-flexible, side by side.
 * Figures, not assertions: the numbers are recorded in docs/decisions/015-limiter-performance.md.
 *
 *   --only redis        only the Redis part (limiters-redis.ts)
 *   --redis-url URL     measure that server (e.g. the site's REDIS_URL) instead of a private one
 *   --redis-port N      port of the private redis-server (default 7040)
 *   --cluster-port N    first port of the private Redis Cluster (default 7020; bus ports N+10…)
 *   --no-cluster        skip the Redis Cluster case
 */
import { spawnSync } from "node:child_process";
import { RateLimiterMemory } from "rate-limiter-flexible";
import {
  FixedWindow,
  KeyedLimiter,
  type KeyedAlgorithm,
  LeakyBucket,
  type Limiter,
  ManualClock,
  SlidingCounter,
  SlidingLog,
  SystemClock,
  TokenBucket,
  keyedFixedWindow,
  keyedSlidingCounter,
  keyedSlidingLog,
  keyedTokenBucket,
} from "@/lib/limiters";
import { redisBenchmarks } from "./limiters-redis";

const KEYS = 100_000;
const keys = Array.from({ length: KEYS }, (_, i) => `user:${i}`);
/** A deterministic, scattered visiting order, so consecutive requests rarely share a key. */
const keyAt = (i: number) => keys[(i * 7_919) % KEYS]!;
const clock = new SystemClock();
const BUCKET_PLAN = { capacity: 100, perSecond: 10 };
const WINDOW_PLAN = { limit: 100, windowMs: 60_000 };

function perSecond(ops: number, run: () => void): number {
  const started = performance.now();
  run();
  return (ops / (performance.now() - started)) * 1000;
}

async function perSecondAsync(ops: number, run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return (ops / (performance.now() - started)) * 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => Math.round(n).toLocaleString("en-US").padStart(12);
const ratio = (n: number) => `${n.toFixed(2).padStart(11)}x`;
const line = (label: string, value: string) => console.log(`  ${label.padEnd(44)}${value}`);

function keyedLimiter<P>(algorithm: KeyedAlgorithm<P>, plan: P) {
  return new KeyedLimiter({ algorithm, plans: { default: plan }, maxKeys: KEYS, clock });
}

function singleKey(): void {
  console.log("\nsingle key, SystemClock (decisions/s)");
  const ops = 2_000_000;
  const limiters: [string, Limiter][] = [
    ["fixed window (1000 / s)", new FixedWindow(1_000, 1_000, clock)],
    ["sliding log (100 / s)", new SlidingLog(100, 1_000, clock)],
    ["sliding counter (1000 / s)", new SlidingCounter(1_000, 1_000, clock)],
    ["token bucket (100, 1000 / s)", new TokenBucket(100, 1_000, clock)],
    ["leaky bucket (100, 1000 / s)", new LeakyBucket(100, 1_000, clock)],
  ];
  for (const [label, limiter] of limiters) {
    const rate = perSecond(ops, () => {
      for (let i = 0; i < ops; i++) limiter.allow();
    });
    line(label, fmt(rate));
  }
}

function manyKeys(): void {
  console.log(`\n${KEYS.toLocaleString("en-US")} keys, scattered order (decisions/s)`);
  const ops = 2_000_000;
  const window = { limit: 100, windowMs: 10_000 };
  const variants: [string, { tryAcquire(key: string): unknown }][] = [
    ["fixed window (100 / 10 s)", keyedLimiter(keyedFixedWindow, window)],
    ["sliding log (100 / 10 s)", keyedLimiter(keyedSlidingLog, window)],
    ["sliding counter (100 / 10 s)", keyedLimiter(keyedSlidingCounter, window)],
    ["token bucket (100, 10 / s)", keyedLimiter(keyedTokenBucket, BUCKET_PLAN)],
  ];
  for (const [label, limiter] of variants) {
    const rate = perSecond(ops, () => {
      for (let i = 0; i < ops; i++) limiter.tryAcquire(keyAt(i));
    });
    line(label, fmt(rate));
  }
}

/**
 * The same keyed workload through our token bucket and RateLimiterMemory (100 points per 10 s),
 * alternating three rounds each and keeping the medians: the machine is shared, and whichever runs
 * during someone else's build would otherwise lose. Ours is synchronous; it is also shown awaited
 * per call, the way middleware written for an async limiter would call it.
 */
async function versusFlexibleMemory(): Promise<void> {
  console.log("\nsame keyed workload vs rate-limiter-flexible (decisions/s, median of 3)");
  const ops = 400_000;
  const bucket = keyedLimiter(keyedTokenBucket, BUCKET_PLAN);
  const awaitedBucket = keyedLimiter(keyedTokenBucket, BUCKET_PLAN);
  const flexible = new RateLimiterMemory({ points: 100, duration: 10 });
  const sync: number[] = [];
  const awaited: number[] = [];
  const theirs: number[] = [];
  for (let round = 0; round < 3; round++) {
    const from = round * ops;
    sync.push(
      perSecond(ops, () => {
        for (let i = from; i < from + ops; i++) bucket.tryAcquire(keyAt(i));
      }),
    );
    awaited.push(
      await perSecondAsync(ops, async () => {
        for (let i = from; i < from + ops; i++) {
          await Promise.resolve(awaitedBucket.tryAcquire(keyAt(i)));
        }
      }),
    );
    theirs.push(
      await perSecondAsync(ops, async () => {
        for (let i = from; i < from + ops; i++) {
          try {
            await flexible.consume(keyAt(i));
          } catch {
            // a refusal rejects; that is a decision, not an error
          }
        }
      }),
    );
  }
  const [ours, oursAwaited, flex] = [median(sync), median(awaited), median(theirs)];
  line("our token bucket (KeyedLimiter)", fmt(ours));
  line("our token bucket, awaited per call", fmt(oursAwaited));
  line("rate-limiter-flexible RateLimiterMemory", fmt(flex));
  line("ratio, ours / RateLimiterMemory", ratio(ours / flex));
  line("ratio, ours awaited / RateLimiterMemory", ratio(oursAwaited / flex));
}

async function settledMemory(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run with --expose-gc (npm run bench:limiters does)");
  // Typed arrays' backing stores are freed after the collection that finds them dead; give the
  // finalisers a turn before reading the figure.
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

async function measureBytesPerKey(count: number, fill: (key: string) => void): Promise<number> {
  const before = await settledMemory();
  // Keys are built inside the measurement: a tracked key's string is part of its cost.
  for (let i = 0; i < count; i++) fill(`user:${i}`);
  return ((await settledMemory()) - before) / count;
}

const FROZEN = new ManualClock(0); // no time passes: every key stays active, none is forgotten
const MILLION = 1_000_000;

async function memoryOfKeyed<P>(algorithm: KeyedAlgorithm<P>, plan: P, count: number, cost = 1) {
  const limiter = new KeyedLimiter({
    algorithm,
    plans: { p: plan },
    maxKeys: count,
    clock: FROZEN,
  });
  const bytes = await measureBytesPerKey(count, (k) => limiter.tryAcquire(k, cost));
  if (limiter.size !== count) throw new Error("keys were forgotten during the measurement");
  return bytes;
}

/** Each measurement runs in a fresh process: a heap shared with other garbage gives noise. */
const MEMORY_PROBES: Record<string, [label: string, measure: () => Promise<number>]> = {
  flexible: [
    "RateLimiterMemory, 100,000 keys",
    () => {
      const flexible = new RateLimiterMemory({ points: 100, duration: 600 });
      return measureBytesPerKey(100_000, (k) => void flexible.consume(k).catch(() => {}));
    },
  ],
  bucket: [
    "token bucket, 1,000,000 keys",
    () => memoryOfKeyed(keyedTokenBucket, BUCKET_PLAN, MILLION),
  ],
  counter: [
    "sliding counter, 1,000,000 keys",
    () => memoryOfKeyed(keyedSlidingCounter, WINDOW_PLAN, MILLION),
  ],
  fixed: [
    "fixed window, 1,000,000 keys",
    () => memoryOfKeyed(keyedFixedWindow, WINDOW_PLAN, MILLION),
  ],
  log: [
    "sliding log at limit 100, full, 100,000 keys",
    () => memoryOfKeyed(keyedSlidingLog, WINDOW_PLAN, 100_000, 100),
  ],
};

function memory(): void {
  console.log("\nmemory per active key (bytes, key string included)");
  for (const [name, [label]] of Object.entries(MEMORY_PROBES)) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, process.argv[1]!, "--memory-probe", name],
      { encoding: "utf8" },
    );
    const bytes = Number(child.stdout.trim());
    line(label, child.status === 0 && Number.isFinite(bytes) ? fmt(bytes) : "failed");
  }
}

const probe = process.argv.indexOf("--memory-probe");
if (probe !== -1) {
  const measure = MEMORY_PROBES[process.argv[probe + 1] ?? ""]?.[1];
  if (!measure) throw new Error(`unknown memory probe ${process.argv[probe + 1]}`);
  console.log(Math.round(await measure()));
} else {
  const started = performance.now();
  console.log(`bench:limiters  node ${process.version}`);
  // `--only redis` skips the in-process part (minutes on a busy machine) when working on the store.
  if (!process.argv.includes("redis") || !process.argv.includes("--only")) {
    singleKey();
    manyKeys();
    await versusFlexibleMemory();
    memory();
  }
  await redisBenchmarks({ cluster: !process.argv.includes("--no-cluster") });
  console.log(`\ndone in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
