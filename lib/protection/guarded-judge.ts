import os from "node:os";
import { env } from "@/lib/env";
import {
  DEFAULT_LIMITS,
  getJudgePool,
  judgeSubmission,
  JudgePool,
  warmupJobs,
  type JudgeRequest,
  type ResultsDocument,
} from "@/lib/judge";
import type { JudgeJob } from "@/lib/judge/node/protocol";
import { loadExerciseForJudge } from "@/lib/content/exercises";
import { SystemClock } from "@/lib/limiters";
import { systemTimers } from "@/lib/time/timers";
import { JudgeAdmission } from "./judge-admission";
import { probationAdmission } from "./probation-lane";
import { FallbackGuardStore } from "./guard-fallback-store";
import { MemoryGuardStore, type GuardStore } from "./guard-store";
import { RedisGuardStore } from "./guard-redis-store";
import { protectionRedis } from "./protection-redis";
import { JudgeGuard, type GuardRequester, type JudgedDocument, type Lane } from "./judge-guard";
import { judgeOnQueue, judgeQueueConfigured } from "./judge-queue";
import { refusalOf, type GuardedJudgeResult } from "./judge-refusal";

// Judging for a requester: the judge guard (docs/decisions/116) and the admission (082) in front of
// the worker pools, wired from the environment. Every route that judges comes here and gets a
// result back; lib/protection/judge-refusal.ts turns a refusal into HTTP. Apart from lib/protection's
// index because it starts worker pools: only the routes that judge import it.

const systemTime = { clock: new SystemClock(), timers: systemTimers };
/** The pool's grace past a judge's time limits before its worker is killed (its default). */
const POOL_KILL_GRACE_MS = 700;

const cache = globalThis as typeof globalThis & {
  __tradeoffJudgeGuard?: JudgeGuard;
  __tradeoffJudgeAdmission?: JudgeAdmission;
  __tradeoffProbationPool?: JudgePool;
  __tradeoffJudgeLanes?: Promise<WarmLanes>;
};

/**
 * The admission in front of the judge pool (one per process). One core is left to the thread that
 * answers HTTP: with every core judging, page latencies follow the judge queue (084).
 */
export function judgeAdmission(): JudgeAdmission {
  const concurrency = env.JUDGE_CONCURRENCY ?? Math.max(1, os.availableParallelism() - 1);
  cache.__tradeoffJudgeAdmission ??= new JudgeAdmission({
    concurrency,
    maxQueued: env.JUDGE_MAX_QUEUE ?? 4 * Math.max(1, os.availableParallelism()),
    maxWaitMs: env.JUDGE_MAX_WAIT_MS,
    maxQueuedPerOwner: env.JUDGE_MAX_QUEUE_PER_LEARNER,
    ...systemTime,
  });
  return cache.__tradeoffJudgeAdmission;
}

/** The probation lane's pool: its own workers, so its hard kills never take a main-lane worker. */
export function probationPool(): JudgePool {
  cache.__tradeoffProbationPool ??= new JudgePool({
    // No spare: while a killed worker's replacement warms up, only this lane waits.
    size: env.JUDGE_PROBATION_CONCURRENCY,
    warmup: warmupJobs(),
  });
  return cache.__tradeoffProbationPool;
}

/**
 * With the judge queue (230) the lanes' queues are on Redis, bounded there: the web instance
 * admits every judge the guard lets through and never starts a pool of its own.
 */
function queueAdmission(): JudgeAdmission {
  return new JudgeAdmission({ concurrency: 100_000, maxQueued: 0, maxWaitMs: 0, ...systemTime });
}

/**
 * Starts both lanes' workers and resolves once they are warm (none with the judge queue: the
 * queue's workers judge). The server calls it as it starts (instrumentation.ts), so the first
 * Submit finds warm workers instead of starting them (decision 201); the first judge request calls
 * it too, for a server started some other way. A newcomer's first judge runs in probation, their
 * next in the main lane: the probation pool warms first, the main one right after it (not both at
 * once, which would slow the first).
 */
export function startJudgeLanes(): Promise<WarmLanes> {
  if (judgeQueueConfigured()) return Promise.resolve({ workers: 0, warmupMs: [] });
  cache.__tradeoffJudgeLanes ??= probationPool()
    .whenReady()
    .then(async () => {
      const main = getJudgePool(() => ({ warmup: warmupJobs() }));
      await main.whenReady();
      const warmupMs = [probationPool(), main].flatMap((pool) => pool.stats().warmupMs);
      return { workers: warmupMs.length, warmupMs };
    });
  return cache.__tradeoffJudgeLanes;
}

export interface WarmLanes {
  workers: number;
  /** Each worker's warm-up, ms: what a judge would have waited for had it started the worker. */
  warmupMs: number[];
}

export function judgeGuard(): JudgeGuard {
  const queued = judgeQueueConfigured();
  if (!cache.__tradeoffJudgeGuard) void startJudgeLanes();
  cache.__tradeoffJudgeGuard ??= new JudgeGuard({
    clock: systemTime.clock,
    ...sharedGuardStore(systemTime.clock),
    main: queued ? queueAdmission() : judgeAdmission(),
    probation: queued
      ? queueAdmission()
      : probationAdmission({
          concurrency: env.JUDGE_PROBATION_CONCURRENCY,
          maxWaitMs: env.JUDGE_MAX_WAIT_MS,
          hardKillMs: DEFAULT_LIMITS.testTimeMs + DEFAULT_LIMITS.totalTimeMs + POOL_KILL_GRACE_MS,
          perAddress: env.JUDGE_MAX_ACTIVE_PER_IP,
          ...systemTime,
        }),
    maxActivePerLearner: env.JUDGE_MAX_ACTIVE_PER_LEARNER,
    maxActivePerIp: env.JUDGE_MAX_ACTIVE_PER_IP,
    cooldownMs: env.JUDGE_COOLDOWN_MS,
    maxCooldownMs: 5 * 60_000,
    windowMs: 10 * 60_000,
    ipStrikes: 3,
    // The pool kills at testTime + totalTime + 700 ms of grace; nothing stopped inside the
    // sandbox runs past its budget by more than a fraction of that grace.
    hardKillMs: DEFAULT_LIMITS.testTimeMs + DEFAULT_LIMITS.totalTimeMs + 350,
    // Longer than any judge holds its place (the longest wait, then the hard kill), with room for
    // a loaded machine: the lease of an instance that died mid-judge stops counting after it.
    leaseMs: 60_000 + env.JUDGE_MAX_WAIT_MS,
  });
  return cache.__tradeoffJudgeGuard;
}

/**
 * With REDIS_URL or REDIS_CLUSTER_NODES, the guard's standings live in Redis (300): the instances
 * behind a load balancer share one requester's caps and cooldowns. While Redis fails, each instance
 * counts alone (the judge class's buckets do the same). The connection is the protection's own, so
 * that closeProtection closes it.
 */
function sharedGuardStore(clock: SystemClock): { store?: GuardStore } {
  const redis = protectionRedis();
  if (!redis) return {};
  let warned = -Infinity;
  const warn = (error: unknown) => {
    if (clock.now() - warned < 30_000) return;
    warned = clock.now();
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`[protection] judge guard store failed (${reason}): counting on this instance`);
  };
  redis.on("error", warn);
  const shared = new RedisGuardStore(redis, env.RATE_LIMIT_PREFIX);
  const local = new MemoryGuardStore();
  return { store: new FallbackGuardStore(shared, local, clock, env.RATE_LIMIT_TIMEOUT_MS, warn) };
}

/**
 * Runs `judge` in the requester's lane once a worker is free (`pool` undefined: the main lane's
 * shared pool, otherwise the probation pool; with the judge queue always undefined, `lane` names
 * the queue, 230), or says why not. `requireSession: false` when no
 * session could be had (the database is down): the address's caps and cooldowns still hold. Errors
 * that are not refusals (a broken worker) are thrown as they are.
 */
export async function judgeForRequester<T extends JudgedDocument>(
  requester: GuardRequester,
  judge: (pool: JudgePool | undefined, lane: Lane) => Promise<T>,
  { requireSession = true }: { requireSession?: boolean } = {},
): Promise<GuardedJudgeResult<T>> {
  try {
    const document = await judgeGuard().run(
      requester,
      (lane) =>
        judge(lane === "main" || judgeQueueConfigured() ? undefined : probationPool(), lane),
      { requireSession },
    );
    return { judged: true, document };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { judged: false, refusal };
  }
}

/** A Run or Submit judged: its document and, when a judge worker judged it, whether it recorded it. */
export interface SubmissionJudgement {
  document: ResultsDocument;
  /** Judged by a judge worker through the queue (230), which records a Submit itself. */
  worker?: { recorded: boolean };
}

/**
 * Judges a Run or a Submit for a requester: the exercise's suites on the lane's pool, or with the
 * judge queue (230) on a judge worker, which also records a learner's Submit (a web instance that
 * dies meanwhile loses nothing). `learner` null: no session could be had, nothing is recorded
 * (see judgeForRequester).
 */
export async function judgeSubmissionFor(
  requester: { ip: string; learner: string | null },
  request: JudgeRequest,
  { requireSession = true }: { requireSession?: boolean } = {},
): Promise<GuardedJudgeResult<SubmissionJudgement>> {
  let worker: SubmissionJudgement["worker"];
  const result = await judgeForRequester(
    requester,
    async (pool, lane) => {
      if (!judgeQueueConfigured()) return judgeSubmission(request, pool ? { pool } : {});
      loadExerciseForJudge(request.exerciseId); // an unknown id is a 404 here, not a job
      const userId = request.mode === "submit" ? requester.learner : null;
      const judged = await judgeOnQueue({ ...request, userId }, lane);
      worker = { recorded: judged.recorded };
      return judged.document;
    },
    { requireSession },
  );
  if (!result.judged) return result;
  return { judged: true, document: { document: result.document, ...(worker ? { worker } : {}) } };
}

/**
 * Runs `work` behind the judge guard as one judge of the requester's, as Submit and Run are: caps
 * per session and address, the cooldown after a hard kill, the lanes. For the instructors'
 * playground, whose request judges once or twice (each job on the lane's pool): an instructor's
 * account is no licence to take the judge from learners, and a stolen one even less. A job that
 * ended as the hard kill ends, or out of memory, is the request's incident.
 */
export async function guardedJobs<T>(
  requester: GuardRequester,
  work: (judge: (job: JudgeJob) => Promise<ResultsDocument>) => Promise<T>,
): Promise<GuardedJudgeResult<T>> {
  const owner = requester.learner === null ? `ip:${requester.ip}` : `learner:${requester.learner}`;
  const guard = judgeGuard();
  try {
    const judged = await guard.run(requester, async (lane) => {
      const queued = judgeQueueConfigured();
      let incident: ResultsDocument | undefined;
      const judge = async (job: JudgeJob) => {
        const main = () => getJudgePool(() => ({ warmup: warmupJobs() })).judge(job);
        // With the judge queue (230) the guard's admission bounds nothing: a job judged on this
        // instance's own pool still waits in this instance's admission.
        const document =
          lane === "probation" && !queued
            ? await probationPool().judge(job)
            : queued
              ? await judgeAdmission().run(main, owner)
              : await main();
        if (guard.isIncident(document)) incident ??= document;
        return document;
      };
      const value = await work(judge);
      return { value, verdict: incident?.verdict ?? "accepted", resources: incident?.resources };
    });
    return { judged: true, document: judged.value };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { judged: false, refusal };
  }
}
