import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureBuild, type HeldLock, holdLock } from "@/lib/cluster/build";
import { type RunningCluster, startCluster } from "@/lib/cluster/launcher";
import type { RunningLoadBalancer } from "@/lib/cluster/load-balancer";
import { loadExerciseForJudge } from "@/lib/content/exercises";
import { createPostgresTestDb, type TestDb } from "../fixtures/db";
import { CookieJar } from "../fixtures/http";
import { startThrowawayRedis, type ThrowawayRedis, uniquePrefix } from "../fixtures/services";

// The platform as a cluster (issue 8): three real `next start` instances behind HAProxy (issue 18), progress in a fresh PostgreSQL database, rate limits in a private redis-server (private
// because this test kills it). The course's "three instances admit three times the limit" must
// not happen to us.

/** Held by everything that builds or serves `.next/` on a shared machine (Playwright included). */
const NEXT_LOCK = "/tmp/next.lock";
const EXERCISE = "fixed-window";
/** The judge limit per learner under test: a burst of 5, then 6 per minute. */
const BURST = 5;
const PER_MINUTE = 6;
/** The learner's pace: 120 submissions per minute, for 10 s. */
const INTERVAL_MS = 500;
const SUBMISSIONS = 20;

const root = process.cwd();
let lock: HeldLock | undefined;
let database: TestDb | undefined;
let redis: ThrowawayRedis | undefined;
let cluster: RunningCluster | undefined;
let skewed: RunningLoadBalancer;
const code = loadExerciseForJudge(EXERCISE).solution;

const log = (line: string) => console.log(`[cluster test] ${line}`);

beforeAll(async () => {
  const waited = performance.now();
  lock = await holdLock(NEXT_LOCK);
  log(`lock held after ${Math.round(performance.now() - waited)} ms`);
  await ensureBuild(root, log);
  const started = performance.now();
  database = await createPostgresTestDb();
  redis = await startThrowawayRedis();
  const unlimited = { capacity: 100_000, perMinute: 100_000 };
  cluster = await startCluster({
    root,
    instances: 3,
    env: {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      RATE_LIMIT_PREFIX: uniquePrefix("cluster"),
      RATE_LIMITS: JSON.stringify({
        // Every request comes from 127.0.0.1: only the learner buckets are under test.
        judge: { learner: { capacity: BURST, perMinute: PER_MINUTE }, ip: unlimited },
        write: { ip: unlimited },
        read: { ip: unlimited },
      }),
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
      DATA_DIR: mkdtempSync(join(tmpdir(), "tradeoff-cluster-")),
      SEED_DEMO_USERS: "false",
    },
  });
  skewed = await cluster.addBalancer([7, 2, 1]);
  log(`3 instances and 2 balancers up in ${Math.round(performance.now() - started)} ms`);
  // Warm each instance's judge pool, so the first timed submission is not a cold start.
  await Promise.all(
    cluster.instances.map(async (instance) => {
      const warm = new CookieJar();
      // A cold instance's first answers can take long on a loaded machine: the warm-up waits.
      const cold = 180_000;
      await call(instance.url, "PUT", `/api/drafts/${EXERCISE}`, warm, { code }, cold);
      const judge = { exerciseId: EXERCISE, code };
      await call(instance.url, "POST", "/api/judge/submit", warm, judge, cold);
    }),
  );
  log(`judge pools warm after ${Math.round(performance.now() - started)} ms`);
}, 900_000);

afterAll(async () => {
  await cluster?.stop();
  await redis?.kill();
  await database?.cleanup();
  await lock?.release();
}, 60_000);

/** One request as a browser on `base` would send it (same-origin writes, its own cookie jar). */
async function call(
  base: string,
  method: string,
  path: string,
  jar: CookieJar,
  json?: unknown,
  timeoutMs = 30_000,
): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (jar.size > 0) headers.cookie = jar.header();
  if (json !== undefined) {
    headers["content-type"] = "application/json";
    headers.origin = base;
  }
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  jar.store(response);
  return response;
}

/** A new learner: the first write creates an anonymous session, through the given address. */
async function learner(base: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const saved = await call(base, "PUT", `/api/drafts/${EXERCISE}`, jar, { code });
  expect(saved.status).toBe(200);
  expect(jar.size).toBeGreaterThan(0);
  return jar;
}

interface Run {
  statuses: number[];
  limits: (string | null)[];
  spanMs: number;
}

/** `n` submissions at a steady pace through `base`. */
async function submitSteadily(base: string, jar: CookieJar, n: number, everyMs: number) {
  const run: Run = { statuses: [], limits: [], spanMs: 0 };
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const wait = started + i * everyMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    const response = await call(base, "POST", "/api/judge/submit", jar, {
      exerciseId: EXERCISE,
      code,
    });
    const body = await response.text();
    // A server error is a defect whatever the test expects: show what the instance said.
    if (response.status >= 500) {
      console.error(body, cluster?.instances.map((instance) => instance.output()).join("\n"));
    }
    run.statuses.push(response.status);
    run.limits.push(response.headers.get("ratelimit-limit"));
    run.spanMs = sent - started;
  }
  return run;
}

const admitted = (run: Run) => run.statuses.filter((status) => status === 200).length;

describe("three instances behind HAProxy, sharing PostgreSQL and Redis", () => {
  test("the global limit holds within ±1 for round-robin and 70/20/10 traffic alike", async () => {
    const proxy = cluster!.balancer;
    const [even, uneven] = [await learner(proxy.url), await learner(skewed.url)];
    const evenBefore = await proxy.requestCounts();
    const skewedBefore = await skewed.requestCounts();
    const [a, b] = await Promise.all([
      submitSteadily(proxy.url, even, SUBMISSIONS, INTERVAL_MS),
      submitSteadily(skewed.url, uneven, SUBMISSIONS, INTERVAL_MS),
    ]);

    const evenShare = (await proxy.requestCounts()).map((n, i) => n - evenBefore[i]!);
    const skewedShare = (await skewed.requestCounts()).map((n, i) => n - skewedBefore[i]!);
    // Logged before any assertion, so that a failing run still says what was admitted.
    log(
      `round robin: ${admitted(a)} of ${SUBMISSIONS} admitted over ${Math.round(a.spanMs)} ms, spread ${evenShare.join("/")}, statuses ${a.statuses.join(" ")}`,
    );
    log(
      `70/20/10:    ${admitted(b)} of ${SUBMISSIONS} admitted over ${Math.round(b.spanMs)} ms, spread ${skewedShare.join("/")}, statuses ${b.statuses.join(" ")}`,
    );

    // The traffic really was spread as intended.
    expect(Math.max(...evenShare) - Math.min(...evenShare)).toBeLessThanOrEqual(1);
    // 7/2/1 of 20 is 14/4/2; under load HAProxy re-dispatches requests whose connection was slow
    // to open (seen: 15/3/2, and 12/6/2 at load average 16), which changes nothing the limit is
    // tested for. The weights still show: the heaviest instance gets the most, the lightest least.
    [14, 4, 2].forEach((share, i) =>
      expect(Math.abs(skewedShare[i]! - share)).toBeLessThanOrEqual(2),
    );
    expect(skewedShare[0]!).toBeGreaterThan(skewedShare[1]!);
    expect(skewedShare[1]!).toBeGreaterThan(skewedShare[2]!);
    for (const run of [a, b]) {
      expect(run.statuses.every((status) => status === 200 || status === 429)).toBe(true);
      // The bucket's promise: its burst plus what refilled while the learner kept sending.
      // Admissions are whole: the bucket can have granted floor(allowed) by the end, and ±1 of
      // that is the promise (a slow machine stretches the span a little past the last decision).
      const allowed = Math.floor(BURST + (PER_MINUTE * run.spanMs) / 60_000);
      expect(Math.abs(admitted(run) - allowed)).toBeLessThanOrEqual(1);
      expect(run.limits.every((limit) => limit === String(BURST))).toBe(true);
    }
    // Without the shared store each instance would have admitted its own burst: 3 × 5.
    expect(admitted(a)).toBeLessThan(BURST * 2);
  }, 60_000);

  test("progress written through one instance is read through another", async () => {
    const [first, second, third] = cluster!.instances.map((instance) => instance.url) as [
      string,
      string,
      string,
    ];
    const jar = await learner(first);
    const draft = `// written through ${first}\n${code}`;
    expect((await call(first, "PUT", `/api/drafts/${EXERCISE}`, jar, { code: draft })).status).toBe(
      200,
    );
    const submitted = await call(second, "POST", "/api/judge/submit", jar, {
      exerciseId: EXERCISE,
      code: draft,
    });
    expect(submitted.status).toBe(200);
    expect(submitted.headers.get("tradeoff-recorded")).toBe("true");

    const read = await call(third, "GET", `/api/drafts/${EXERCISE}`, jar);
    expect(((await read.json()) as { code: string }).code).toBe(draft);
    const list = await call(first, "GET", `/api/submissions?exercise=${EXERCISE}`, jar);
    const { submissions } = (await list.json()) as { submissions: { verdict: string }[] };
    expect(submissions.map((s) => s.verdict)).toEqual(["accepted"]);
  }, 30_000);

  test("when Redis stops mid-run, each instance limits the judge alone and reads stay open", async () => {
    const proxy = cluster!.balancer;
    const jar = await learner(proxy.url);
    const before = await call(proxy.url, "GET", `/api/submissions?exercise=${EXERCISE}`, jar);
    expect(before.headers.get("ratelimit-remaining")).not.toBeNull();

    await redis!.kill();
    const started = performance.now();
    // Fail closed with a local fallback of the same size: each instance admits its own burst.
    const run = await submitSteadily(proxy.url, jar, 3 * BURST + 6, 0);
    log(
      `Redis down: ${admitted(run)} of ${run.statuses.length} admitted in ${Math.round(performance.now() - started)} ms`,
    );
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(run.statuses.every((status) => status === 200 || status === 429)).toBe(true);
    expect(admitted(run)).toBeGreaterThanOrEqual(3 * BURST);
    expect(admitted(run)).toBeLessThanOrEqual(3 * BURST + 3);
    expect(run.statuses.slice(-3)).toEqual([429, 429, 429]);

    // Reads fail open: answered, with the limit but no invented remaining count.
    const read = await call(proxy.url, "GET", `/api/submissions?exercise=${EXERCISE}`, jar);
    expect(read.status).toBe(200);
    expect(read.headers.get("ratelimit-limit")).not.toBeNull();
    expect(read.headers.get("ratelimit-remaining")).toBeNull();
  }, 60_000);
});
