// npm run bench:abuse [-- --duration 30 --hostile 6 --addresses 6 --submit-every 3000 --newcomers 4
//                         --lock /tmp/next.lock --port 3320]
// (--port: the server's port, its balancer on the next one; by default free ports are picked)
//
// Six hostile clients against one honest learner, on `next build && next start` with the default
// configuration (TRUST_PROXY=false: the socket's address counts). Each hostile client loops
// submitting code that only the judge's hard kill stops, sends a random X-Forwarded-For with every
// request, and takes a fresh anonymous session whenever the judge pauses it. The clients connect
// from loopback addresses of their own (127.0.0.11 …, or all from one with --addresses 1), the
// honest learner from 127.0.0.2, so the server sees distinct sockets as it would on the internet.
// Prints the honest learner's statuses and judge latencies, what the hostile clients got, and the
// server's RSS (docs/decisions/117-abuse-benchmark.md).
import { readFileSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ensureBuild, holdLock } from "@/lib/cluster/build";
import { loadExerciseForJudge } from "@/lib/content/exercises";
import { startBenchInstance } from "./bench-instance";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "30" },
    hostile: { type: "string", default: "6" },
    addresses: { type: "string", default: "6" },
    "submit-every": { type: "string", default: "3000" },
    lock: { type: "string" },
    port: { type: "string" },
    newcomers: { type: "string", default: "4" },
  },
});
const DURATION_MS = Number(values.duration) * 1000;
const HOSTILE = Number(values.hostile);
const ADDRESSES = Math.max(1, Number(values.addresses));
const SUBMIT_EVERY_MS = Number(values["submit-every"]);
// From 127.0.0.3 up, below the hostile clients' 127.0.0.11.
const NEWCOMERS = Math.min(8, Math.max(1, Number(values.newcomers)));
const EXERCISE = "fixed-window";
const HONEST_ADDRESS = "127.0.0.2";

const root = process.cwd();
const honestCode = loadExerciseForJudge(EXERCISE).solution;
// The hostile corpus's slow built-in: one call the interrupt handler never reaches.
const hostileCode = readFileSync(
  join(root, "tests/fixtures/judge/hostile/slow-builtin.ts"),
  "utf8",
);

interface Answer {
  status: number;
  ms: number;
  body: string;
  cookies: string[];
}

/** One HTTP request from `localAddress`, as a browser on the page's origin would send it. */
function send(
  base: string,
  method: string,
  path: string,
  localAddress: string,
  options: { cookie?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(path, base);
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string> = { origin: base, ...options.headers };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method, headers, localAddress },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString("utf8"),
            cookies: (response.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]!),
          }),
        );
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", () =>
      resolve({ status: 0, ms: performance.now() - started, body: "", cookies: [] }),
    );
    req.end(body);
  });
}

/** A new anonymous session from `address` (what the editor does on a 401). */
async function newSession(base: string, address: string, spoof = false): Promise<string | null> {
  const answer = await send(base, "POST", "/api/auth/sign-in/anonymous", address, {
    json: {},
    headers: spoof ? randomForwarded() : {},
  });
  return answer.status === 200 ? answer.cookies.join("; ") : null;
}

function randomForwarded(): Record<string, string> {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  const ip = `${octet()}.${octet()}.${octet()}.${octet()}`;
  return { "x-forwarded-for": ip, "x-real-ip": ip };
}

function submit(base: string, address: string, cookie: string, code: string, spoof: boolean) {
  return send(base, "POST", "/api/judge/submit", address, {
    cookie,
    json: { exerciseId: EXERCISE, code },
    headers: spoof ? randomForwarded() : {},
  });
}

/**
 * POSTs `megabytes` of JSON-looking bytes to a draft, declared or chunked, and returns when the
 * answer came and how long sending went on (the server may close the connection early).
 */
function hugePost(
  base: string,
  cookie: string,
  megabytes: number,
  declared: boolean,
): Promise<{ status: number; answeredMs: number; sentMb: number }> {
  const url = new URL(`/api/drafts/${EXERCISE}`, base);
  const total = megabytes * 1024 * 1024;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    origin: base,
    cookie,
    ...(declared ? { "content-length": String(total) } : {}),
  };
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const started = performance.now();
  return new Promise((resolve) => {
    let sent = 0;
    let status = 0;
    let answeredMs = NaN;
    const finish = () => resolve({ status, answeredMs, sentMb: sent / 1024 / 1024 });
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "PUT",
        headers,
        localAddress: HONEST_ADDRESS,
      },
      (response) => {
        status = response.statusCode ?? 0;
        answeredMs = performance.now() - started;
        response.resume();
        response.on("end", () => {
          req.destroy();
          finish();
        });
      },
    );
    req.on("error", () => finish());
    const pump = () => {
      while (sent < total && Number.isNaN(answeredMs)) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (sent >= total) req.end();
    };
    pump();
  });
}

/** The refused bodies: time to the 413 and the server's RSS before and after. */
async function bodies(base: string, cookie: string, pid: number | undefined): Promise<void> {
  console.log("\nbodies (200 MB PUT of a draft; the cap is 1 MB)");
  for (const declared of [true, false]) {
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    const result = await hugePost(base, cookie, 200, declared);
    await sleep(500);
    clearInterval(sampler);
    console.log(
      `  ${declared ? "with Content-Length" : "chunked, no length"}: ${result.status} after ` +
        `${result.answeredMs.toFixed(0)} ms, ${result.sentMb.toFixed(1)} MB sent; server RSS ` +
        `${before.toFixed(0)} → peak ${peak.toFixed(0)} → ${rssMb(pid).toFixed(0)} MB`,
    );
  }
}

interface HostileStats {
  statuses: Record<number, number>;
  hardKills: number;
  sessions: number;
}

/** A loop that submits hard-kill code as fast as it is answered, evading every pause it can. */
async function hostileLoop(base: string, address: string, until: number): Promise<HostileStats> {
  const stats: HostileStats = { statuses: {}, hardKills: 0, sessions: 0 };
  let cookie = await newSession(base, address, true);
  if (cookie) stats.sessions++;
  while (performance.now() < until) {
    const answer = cookie
      ? await submit(base, address, cookie, hostileCode, true)
      : await send(base, "POST", "/api/judge/submit", address, {
          json: { exerciseId: EXERCISE, code: hostileCode },
          headers: randomForwarded(),
        });
    stats.statuses[answer.status] = (stats.statuses[answer.status] ?? 0) + 1;
    if (answer.status === 200 && answer.body.includes('"time_limit_exceeded"')) stats.hardKills++;
    // Paused or without a session: come back as a stranger.
    if (answer.status === 401 || /The judge is paused/.test(answer.body)) {
      const fresh = await newSession(base, address, true);
      if (fresh) {
        cookie = fresh;
        stats.sessions++;
      }
    }
    if (answer.status === 0) await sleep(100);
  }
  return stats;
}

interface HonestStats {
  judged: number[];
  statuses: Record<number, number>;
}

async function honestLoop(base: string, cookie: string, until: number): Promise<HonestStats> {
  const stats: HonestStats = { judged: [], statuses: {} };
  while (performance.now() < until) {
    const started = performance.now();
    const answer = await submit(base, HONEST_ADDRESS, cookie, honestCode, false);
    stats.statuses[answer.status] = (stats.statuses[answer.status] ?? 0) + 1;
    if (answer.status === 200) stats.judged.push(answer.ms);
    await sleep(started + SUBMIT_EVERY_MS - performance.now());
  }
  return stats;
}

function rssMb(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  // The tree: next start's server process holds the judge's worker threads.
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

const format = (statuses: Record<number, number>) =>
  Object.entries(statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");

async function main() {
  const lock = values.lock ? await holdLock(values.lock) : null;
  try {
    await ensureBuild(root, (line) => console.log(`[bench] ${line}`));
    // The default a server reached directly runs with: forwarded headers are not read.
    const port = values.port === undefined ? undefined : Number(values.port);
    const cluster = await startBenchInstance(
      root,
      { TRUST_PROXY: "false" },
      port === undefined ? undefined : { instance: port, balancer: port + 1 },
    );
    const instance = cluster.instances[0]!;
    const base = instance.url;
    try {
      const hostileAddresses = Array.from(
        { length: HOSTILE },
        (_, i) => `127.0.0.${11 + (i % ADDRESSES)}`,
      );
      console.log(
        `[bench] next start on ${base} (TRUST_PROXY=false); ${HOSTILE} hostile clients from ` +
          `${new Set(hostileAddresses).size} address(es), one honest learner from ${HONEST_ADDRESS} ` +
          `submitting every ${SUBMIT_EVERY_MS} ms, ${DURATION_MS / 1000} s; load average ` +
          `${os.loadavg()[0]!.toFixed(2)} on ${os.availableParallelism()} cores`,
      );
      const honestCookie = await newSession(base, HONEST_ADDRESS);
      if (!honestCookie) throw new Error("the honest learner could not start a session");
      // The honest learner was already working when the attack began: one judge on record.
      const first = await submit(base, HONEST_ADDRESS, honestCookie, honestCode, false);
      const quiet = await submit(base, HONEST_ADDRESS, honestCookie, honestCode, false);
      console.log(
        `[bench] before the attack: honest submits ${first.status} in ${first.ms.toFixed(0)} ms ` +
          `(first, cold), ${quiet.status} in ${quiet.ms.toFixed(0)} ms; server RSS ${rssMb(instance.process.pid).toFixed(0)} MB`,
      );
      await bodies(base, honestCookie, instance.process.pid);
      const until = performance.now() + DURATION_MS;
      let peakRss = 0;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, rssMb(instance.process.pid));
      }, 500);
      // Newcomers arriving mid-attack, each from an address of its own: their first judges
      // (the probation lane) are timed apart, spread from 40 % to 80 % of the attack.
      const newcomers = Array.from({ length: NEWCOMERS }, async (_, i) => {
        await sleep(DURATION_MS * (0.4 + (0.4 * i) / Math.max(1, NEWCOMERS - 1)));
        const address = `127.0.0.${3 + i}`;
        const cookie = await newSession(base, address);
        return cookie ? submit(base, address, cookie, honestCode, false) : null;
      });
      const [honest, ...hostile] = await Promise.all([
        honestLoop(base, honestCookie, until),
        ...hostileAddresses.map((address) => hostileLoop(base, address, until)),
      ]);
      clearInterval(sampler);
      const late = await Promise.all(newcomers);

      const ms = (value: number) => `${value.toFixed(0)} ms`;
      const busy = honest.statuses[503] ?? 0;
      const p99 = percentile(honest.judged, 99);
      console.log("\nhonest learner");
      console.log(
        `  ${Object.values(honest.statuses).reduce((a, b) => a + b, 0)} submissions: ${format(honest.statuses)}`,
      );
      console.log(
        `  judge p50 ${ms(percentile(honest.judged, 50))}  p99 ${ms(p99)}  max ${ms(Math.max(...honest.judged))}`,
      );
      const served = late.filter((answer) => answer?.status === 200).length;
      console.log(
        `  a newcomer's first Submit mid-attack (${NEWCOMERS} newcomers): ` +
          late
            .map((answer) => (answer ? `${answer.status} in ${ms(answer.ms)}` : "no session"))
            .join(", "),
      );
      console.log("\nhostile clients");
      hostile.forEach((stats, i) =>
        console.log(
          `  ${hostileAddresses[i]}: ${format(stats.statuses)}  hard kills ${stats.hardKills}  sessions ${stats.sessions}`,
        ),
      );
      const kills = hostile.reduce((sum, s) => sum + s.hardKills, 0);
      const requests = hostile.reduce(
        (sum, s) => sum + Object.values(s.statuses).reduce((a, b) => a + b, 0),
        0,
      );
      console.log(`  together: ${requests} requests, ${kills} judged to a hard kill`);
      console.log(
        `\nserver RSS peak ${peakRss.toFixed(0)} MB, after ${rssMb(instance.process.pid).toFixed(0)} MB; ` +
          `load average ${os.loadavg()[0]!.toFixed(2)}`,
      );
      console.log("\ntargets");
      const check = (ok: boolean, text: string) => console.log(`  ${ok ? "✓" : "✗"} ${text}`);
      check(busy === 0, `the honest learner gets 0 × 503 (got ${busy})`);
      check(p99 < 1000, `the honest learner's judge p99 < 1 s (${ms(p99)})`);
      check((honest.statuses[200] ?? 0) > 0, "the honest learner is judged");
      check(
        served === NEWCOMERS,
        `every newcomer mid-attack gets a verdict (${served} of ${NEWCOMERS})`,
      );
    } finally {
      await cluster.stop();
    }
  } finally {
    await lock?.release();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
