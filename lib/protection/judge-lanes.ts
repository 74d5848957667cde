import { env } from "@/lib/env";
import { DEFAULT_LIMITS, getJudgePool, JudgePool, warmupJobs } from "@/lib/judge";
import { SystemClock } from "@/lib/limiters";
import { judgeAdmission } from "./index";
import { JudgeAdmission } from "./judge-admission";
import { JudgeGuard, type JudgedDocument, type Lane } from "./judge-guard";
import { judgeQueueConfigured } from "./judge-queue";
import { requesterDetails } from "./protection";

// The judge guard (docs/decisions/116), wired from the environment. Apart from lib/protection's
// index because it starts a worker pool: only the judge routes import it.

const cache = globalThis as typeof globalThis & {
  __tradeoffJudgeGuard?: JudgeGuard;
  __tradeoffProbationPool?: JudgePool;
};

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
  return new JudgeAdmission({ concurrency: 100_000, maxQueued: 0, maxWaitMs: 0 });
}

export function judgeGuard(): JudgeGuard {
  const queued = judgeQueueConfigured();
  if (!cache.__tradeoffJudgeGuard && !queued) {
    // A newcomer's first judge runs in probation, their next in the main lane: warm the probation
    // pool now and the main one right after it (not both at once, which would slow the first).
    void probationPool()
      .whenReady()
      .then(() => getJudgePool(() => ({ warmup: warmupJobs() })));
  }
  cache.__tradeoffJudgeGuard ??= new JudgeGuard({
    clock: new SystemClock(),
    main: queued ? queueAdmission() : judgeAdmission(),
    probation: queued
      ? queueAdmission()
      : new JudgeAdmission({
          concurrency: env.JUDGE_PROBATION_CONCURRENCY,
          maxQueued: 16 * env.JUDGE_PROBATION_CONCURRENCY,
          maxWaitMs: env.JUDGE_MAX_WAIT_MS,
          maxQueuedPerOwner: 1,
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
  });
  return cache.__tradeoffJudgeGuard;
}

/**
 * Runs a judge for a protected request (after `protect`/`protectedRoute`): in the requester's lane,
 * `pool` undefined for the main lane (the shared pool) and the probation pool otherwise (with the
 * judge queue, always undefined: `lane` names the queue, decision 230). `learner`
 * is the session the route made sure of (undefined: the one the gate found; null: none could be
 * had, the database being down). Throws HttpProblem 401/429 and JudgeBusyError (503) as
 * JudgeGuard.run says.
 */
export function guardedJudge<T extends JudgedDocument>(
  request: Request,
  judge: (pool: JudgePool | undefined, lane: Lane) => Promise<T>,
  learner?: string | null,
): Promise<T> {
  const found = requesterDetails(request) ?? { ip: "unknown", learner: null };
  const requester = { ip: found.ip, learner: learner === undefined ? found.learner : learner };
  return judgeGuard().run(
    requester,
    // With the judge queue the lane names the queue, and no pool starts here.
    (lane) => judge(lane === "main" || judgeQueueConfigured() ? undefined : probationPool(), lane),
    // Without the database no session can be had: the address's caps and cooldowns still hold.
    { requireSession: learner !== null },
  );
}
