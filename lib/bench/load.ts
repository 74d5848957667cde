// npm run bench:load [-- --duration 20 --readers 200 --reader-rate 1 --learners 20
//                        --submit-every 2000 --abusers 20 --lock /tmp/next.lock]
//
// Load on `next build && next start` (one instance, a throwaway SQLite database, in-memory limits):
//   quiet:   <readers> readers of the lesson pages, each loading a page, reading for a while
//            (exponential, mean 1/<reader-rate> s) and loading the next one, while <learners>
//            learners submit the fixed-window solution every <submit-every> ms;
//   abusive: the same, with fresh learners, plus one client firing submissions with autocannon on
//            <abusers> connections as fast as the server answers.
// Prints p50/p99 of pages and judge results, errors, 5xx, and 429s per learner
// (docs/decisions/084-load-benchmark.md). Every simulated client has its own address
// (X-Forwarded-For; the server trusts one proxy hop, as behind the cluster's proxy).
import { Agent, get } from "node:http";
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ensureBuild, holdLock } from "@/lib/cluster/build";
import { loadExerciseForJudge } from "@/lib/content/exercises";
import { startBenchInstance } from "./bench-instance";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "20" },
    readers: { type: "string", default: "200" },
    "reader-rate": { type: "string", default: "1" },
    learners: { type: "string", default: "20" },
    "submit-every": { type: "string", default: "2000" },
    abusers: { type: "string", default: "20" },
    lock: { type: "string" },
  },
});
const DURATION_S = Number(values.duration);
const READERS = Number(values.readers);
const READER_RATE = Number(values["reader-rate"]);
const LEARNERS = Number(values.learners);
const SUBMIT_EVERY_MS = Number(values["submit-every"]);
const ABUSER_CONNECTIONS = Number(values.abusers);
const EXERCISE = "fixed-window";
const LESSON = "content/courses/system-design/lessons/01.rate-limiter";

interface AutocannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const root = process.cwd();
const code = loadExerciseForJudge(EXERCISE).solution;
const pages = [
  "/courses/system-design/rate-limiter",
  ...readdirSync(join(root, LESSON, "sections"))
    .filter((name) => name.endsWith(".mdx"))
    .map((name) => `/courses/system-design/rate-limiter/${name.replace(/^\d+\.|\.mdx$/g, "")}`),
];

interface Learner {
  cookie: string;
  ip: string;
}

interface LearnerStats {
  judged: number[];
  refused: number;
  /** 503: the judge's queue was full (refused at once, by design). */
  busy: number;
  serverErrors: number;
  errors: number;
}

async function newLearner(base: string, ip: string): Promise<Learner> {
  const response = await fetch(`${base}/api/drafts/${EXERCISE}`, {
    method: "PUT",
    headers: { "content-type": "application/json", origin: base, "x-forwarded-for": ip },
    body: JSON.stringify({ code }),
  });
  if (response.status !== 200) throw new Error(`creating a learner: HTTP ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { cookie, ip };
}

function submitHeaders(base: string, learner: Learner): Record<string, string> {
  return {
    "content-type": "application/json",
    origin: base,
    cookie: learner.cookie,
    "x-forwarded-for": learner.ip,
  };
}

/** One learner submitting every SUBMIT_EVERY_MS (or as soon as the last answer came, if later). */
async function learnerLoop(base: string, learner: Learner, until: number): Promise<LearnerStats> {
  const stats: LearnerStats = { judged: [], refused: 0, busy: 0, serverErrors: 0, errors: 0 };
  // Spread the learners' first submissions over one interval, as real ones would be.
  await sleep(Math.random() * SUBMIT_EVERY_MS);
  while (performance.now() < until) {
    const started = performance.now();
    try {
      const status = await submit(base, learner);
      if (status === 200) stats.judged.push(performance.now() - started);
      else if (status === 429) stats.refused++;
      else if (status === 503) stats.busy++;
      else if (status >= 500) stats.serverErrors++;
    } catch {
      stats.errors++;
    }
    await sleep(started + SUBMIT_EVERY_MS - performance.now());
  }
  return stats;
}

async function submit(base: string, learner: Learner): Promise<number> {
  const response = await fetch(`${base}/api/judge/submit`, {
    method: "POST",
    headers: submitHeaders(base, learner),
    body: JSON.stringify({ exerciseId: EXERCISE, code }),
  });
  await response.arrayBuffer();
  return response.status;
}

interface PageStats {
  latencies: number[];
  statuses: Record<number, number>;
  errors: number;
  seconds: number;
}

/**
 * READERS people reading: each loads a page, reads it for an exponentially distributed while and
 * loads the next, so requests arrive spread out, as a crowd's do. (autocannon's per-connection rate
 * fires every connection at the top of each second: on this machine the same 200 pages/s measured
 * p99 1008 ms that way against 34 ms spread out, a property of the load generator, not the site.)
 */
async function readers(base: string, seconds: number): Promise<PageStats> {
  const agent = new Agent({ keepAlive: true, maxSockets: READERS });
  const stats: PageStats = { latencies: [], statuses: {}, errors: 0, seconds };
  const until = performance.now() + seconds * 1000;
  const meanThinkMs = READER_RATE > 0 ? 1000 / READER_RATE : 0;
  const load = (path: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      get(`${base}${path}`, { agent }, (response) => {
        response.resume();
        response.on("end", () => {
          stats.latencies.push(performance.now() - started);
          const status = response.statusCode ?? 0;
          stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
          resolve();
        });
      }).on("error", () => {
        stats.errors++;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: READERS }, async (_, reader) => {
      await sleep(Math.random() * meanThinkMs);
      for (let next = reader; performance.now() < until; next++) {
        const started = performance.now();
        await load(pages[next % pages.length]!);
        await sleep(started + -Math.log(1 - Math.random()) * meanThinkMs - performance.now());
      }
    }),
  );
  agent.destroy();
  return stats;
}

function abuser(base: string, learner: Learner): Promise<AutocannonResult> {
  return autocannon({
    url: `${base}/api/judge/submit`,
    connections: ABUSER_CONNECTIONS,
    duration: DURATION_S,
    method: "POST",
    headers: submitHeaders(base, learner),
    body: JSON.stringify({ exerciseId: EXERCISE, code }),
  });
}

interface PhaseResult {
  pages: PageStats;
  learners: LearnerStats[];
  abuser?: AutocannonResult;
}

/** LEARNERS sessions, each from its own address (10.<group>.x.y). */
function newLearners(base: string, group: number): Promise<Learner[]> {
  return Promise.all(
    Array.from({ length: LEARNERS }, (_, i) =>
      newLearner(base, `10.${group}.${i >> 8}.${i & 255}`),
    ),
  );
}

async function phase(
  base: string,
  learners: Learner[],
  abusive: Learner | null,
): Promise<PhaseResult> {
  const until = performance.now() + DURATION_S * 1000;
  const [pagesResult, abuserResult, ...stats] = await Promise.all([
    readers(base, DURATION_S),
    abusive ? abuser(base, abusive) : Promise.resolve(undefined),
    ...learners.map((learner) => learnerLoop(base, learner, until)),
  ]);
  return { pages: pagesResult, learners: stats, ...(abuserResult ? { abuser: abuserResult } : {}) };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function count5xx(statuses: Record<string, number | { count: number }>): number {
  return Object.entries(statuses)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, n]) => sum + (typeof n === "number" ? n : n.count), 0);
}

function report(name: string, result: PhaseResult) {
  const judged = result.learners.flatMap((s) => s.judged);
  const refused = result.learners.map((s) => s.refused);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const summary = {
    pagesP50: percentile(result.pages.latencies, 50),
    pagesP99: percentile(result.pages.latencies, 99),
    judgeP50: percentile(judged, 50),
    judgeP99: percentile(judged, 99),
    // The readers' and learners' 5xx; the abuser's are reported on its own line.
    fiveXx:
      count5xx(result.pages.statuses) +
      result.learners.reduce((sum, s) => sum + s.serverErrors + s.busy, 0),
    abuserRefused: result.abuser?.statusCodeStats["429"]?.count ?? 0,
    errors: result.pages.errors + result.learners.reduce((sum, s) => sum + s.errors, 0),
  };
  console.log(`\n${name}`);
  console.log(
    `  pages  ${result.pages.latencies.length} loads (${Math.round(result.pages.latencies.length / result.pages.seconds)}/s) ` +
      `p50 ${ms(summary.pagesP50)}  p99 ${ms(summary.pagesP99)}  max ${ms(Math.max(...result.pages.latencies))}`,
  );
  console.log(
    `  judge  ${judged.length} results  p50 ${ms(summary.judgeP50)}  p99 ${ms(summary.judgeP99)}`,
  );
  console.log(
    `  429s per learner  min ${Math.min(...refused)}  mean ${(refused.reduce((a, b) => a + b, 0) / refused.length).toFixed(1)}  max ${Math.max(...refused)}`,
  );
  const busy = result.learners.reduce((sum, s) => sum + s.busy, 0);
  const pageErrors = count5xx(result.pages.statuses);
  if (pageErrors > 0) console.log(`  pages answered 5xx ${pageErrors} times`);
  console.log(
    `  5xx ${summary.fiveXx} (of which 503 judge busy: ${busy})   errors/timeouts ${summary.errors}   ` +
      `load average ${os.loadavg()[0]!.toFixed(2)} on ${os.availableParallelism()} cores`,
  );
  if (result.abuser) {
    const stats = result.abuser.statusCodeStats;
    console.log(
      `  abuser ${result.abuser.requests.total} requests: ${stats["200"]?.count ?? 0} judged, ` +
        `${stats["429"]?.count ?? 0} refused with 429, p99 ${ms(result.abuser.latency.p99)} ` +
        `(all: ${Object.entries(stats)
          .map(([status, { count }]) => `${status}×${count}`)
          .join(" ")})`,
    );
  }
  return summary;
}

async function main() {
  const lock = values.lock ? await holdLock(values.lock) : null;
  try {
    await ensureBuild(root, (line) => console.log(`[bench] ${line}`));
    const [idleLoad = 0] = os.loadavg();
    if (idleLoad > 0.5 * os.availableParallelism()) {
      console.log(
        `[bench] warning: load average ${idleLoad.toFixed(2)} before starting: other work shares ` +
          "these cores, and the latencies below include waiting for them",
      );
    }
    const cluster = await startBenchInstance(root);
    const base = cluster.instances[0]!.url;
    try {
      console.log(
        `[bench] next start on ${base}; ${READERS} readers (${READER_RATE > 0 ? `a page every ${1 / READER_RATE} s on average` : "back to back"}) ` +
          `of ${pages.length} pages, ${LEARNERS} learners submitting every ${SUBMIT_EVERY_MS} ms, ${DURATION_S} s per phase`,
      );
      // Warm the page cache and the judge pool: the first judge starts the workers.
      await readers(base, 3);
      const warm = await newLearner(base, "10.9.9.9");
      await Promise.all([submit(base, warm), submit(base, warm), submit(base, warm)]);
      // Every session is created before the measurements: 20 first writes at once (anonymous
      // sign-ups) are a burst of their own, not part of "20 learners submitting".
      const signUps = performance.now();
      const quietLearners = await newLearners(base, 1);
      const loudLearners = await newLearners(base, 2);
      const abusive = await newLearner(base, "10.66.6.6");
      console.log(
        `[bench] ${2 * LEARNERS + 1} sessions created at once in ${Math.round(performance.now() - signUps)} ms`,
      );
      const quiet = report("quiet", await phase(base, quietLearners, null));
      const loud = report("with an abusive client", await phase(base, loudLearners, abusive));
      console.log("\ntargets");
      const check = (ok: boolean, text: string) => console.log(`  ${ok ? "✓" : "✗"} ${text}`);
      check(quiet.pagesP99 < 100 && loud.pagesP99 < 100, "lesson pages p99 < 100 ms");
      check(quiet.fiveXx + loud.fiveXx === 0, "no 5xx for readers and learners");
      check(loud.abuserRefused > 0, "the abusive client gets 429s");
      check(
        loud.pagesP99 <= 2 * Math.max(quiet.pagesP99, 1),
        "pages p99 with the abuser ≤ 2x quiet",
      );
      check(
        loud.judgeP99 <= 2 * quiet.judgeP99,
        "judge p99 of the others with the abuser ≤ 2x quiet",
      );
    } finally {
      await cluster.stop();
    }
  } finally {
    await lock?.release();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
