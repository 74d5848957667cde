import { randomUUID } from "node:crypto";
import type { Clock } from "@/lib/limiters";
import type { JudgeAdmission } from "./judge-admission";
import { MemoryGuardStore, type GuardStore, type Standing } from "./guard-store";

/**
 * Who may use the judge, how much of it at once, and in which lane (docs/decisions/116).
 *
 * A judge whose code had to be stopped from outside (the hard kill) or ran out of memory costs a
 * worker for seconds and a worker restart: its requester pays a cooldown, and the address it came
 * from is counted too, so that new sessions from one place do not buy fresh chances. Requesters
 * without a clean judge on record, or whose learner or address had such an incident lately, are
 * judged in a lane of their own (the probation lane, with its own worker), so the judges of
 * learners in good standing never wait behind theirs.
 */

export type GuardRefusalReason = "no-session" | "paused" | "too-many-at-once";

/**
 * The guard will not start this judge: no session, a cooldown, or the requester's share already
 * under way. lib/protection/judge-refusal.ts says how a route answers it (401, 429).
 */
export class JudgeRefusedError extends Error {
  override readonly name = "JudgeRefusedError";
  constructor(
    readonly reason: GuardRefusalReason,
    readonly title: string,
    message: string,
    /** When to try again; none: not a matter of waiting. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** What the guard reads from a results document. */
export interface JudgedDocument {
  verdict?: string;
  resources?: { wallMs?: number; cpuMs?: number };
}

export interface JudgeGuardOptions {
  clock: Clock;
  /** The lane of learners in good standing. */
  main: JudgeAdmission;
  /** The lane of everyone else; its judges run on workers of their own. */
  probation: JudgeAdmission;
  /** Judges one learner may have running or waiting at once. */
  maxActivePerLearner: number;
  /** Judges one address may have running or waiting at once, all its learners together. */
  maxActivePerIp: number;
  /** The first cooldown; each further incident within `windowMs` doubles it, up to `maxCooldownMs`. */
  cooldownMs: number;
  maxCooldownMs: number;
  /** How long an incident is remembered (standing, doubling, address strikes). */
  windowMs: number;
  /** Incidents from one address within the window before the address itself cools down. */
  ipStrikes: number;
  /**
   * A judge that took at least this long (its worker's CPU time, else wall time) and ended in
   * time_limit_exceeded was hard-killed.
   */
  hardKillMs: number;
  /** Learners and addresses remembered at most in memory (least recently seen forgotten first). */
  maxTracked?: number;
  /**
   * Where standings live: shared by the instances (Redis, 300) or, by default, this process's
   * memory.
   */
  store?: GuardStore;
  /** How long a judge's place under the caps is held at most (an instance may die mid-judge). */
  leaseMs?: number;
}

/** The pool a lane's judges go to: the caller passes it to the judge. */
export type Lane = "main" | "probation";

export interface GuardRequester {
  /** The session's learner; null: no session. */
  learner: string | null;
  /** The address's bucket key. */
  ip: string;
}

export class JudgeGuard {
  private readonly store: GuardStore;
  private readonly counters = { incidents: 0, cooledDown: 0, capped: 0, probation: 0, main: 0 };

  constructor(private readonly options: JudgeGuardOptions) {
    this.store = options.store ?? new MemoryGuardStore(options.maxTracked);
  }

  /**
   * Runs `judge` in the requester's lane, or throws JudgeRefusedError saying why not: no session
   * (when one is required), a cooldown of the learner or address, or its share of judges already
   * under way. JudgeBusyError (a saturated lane) passes through.
   */
  async run<T extends JudgedDocument>(
    requester: GuardRequester,
    judge: (lane: Lane) => Promise<T>,
    { requireSession = true }: { requireSession?: boolean } = {},
  ): Promise<T> {
    if (requester.learner === null && requireSession) {
      throw new JudgeRefusedError(
        "no-session",
        "No session",
        "Judging needs a session: load the page again (an anonymous one is fine).",
      );
    }
    const { windowMs } = this.options;
    const now = this.options.clock.now();
    const learnerKey = requester.learner === null ? null : `learner:${requester.learner}`;
    const ipKey = `ip:${requester.ip}`;
    const [learner, ip] = await Promise.all([
      learnerKey === null ? null : this.store.standing(learnerKey, now, windowMs),
      this.store.standing(ipKey, now, windowMs),
    ]);
    this.refuseWhileCooling(learner, ip, now);
    const leases = await this.enter(learnerKey, ipKey, now);
    try {
      const lane = this.laneOf(learner, ip);
      this.counters[lane]++;
      const admission = lane === "main" ? this.options.main : this.options.probation;
      // Probation's lines are addresses (420): fresh sessions from one place wait behind each other.
      const owner = lane === "probation" || learnerKey === null ? ipKey : learnerKey;
      const document = await admission.run(() => judge(lane), owner);
      if (this.isIncident(document)) await this.recordIncident(learnerKey, ipKey);
      else if (learnerKey !== null) await this.store.markClean(learnerKey);
      return document;
    } finally {
      await this.leave(leases);
    }
  }

  stats() {
    return { ...this.counters };
  }

  /** The hard kill (a long time-limit verdict) or a memory verdict: the costly endings. */
  isIncident(document: JudgedDocument): boolean {
    if (document.verdict === "memory_limit_exceeded") return true;
    // The pool kills on the worker's CPU time (wall time only as a backstop): a busy machine
    // makes a judge slower in wall time, not in CPU time.
    const spent = document.resources?.cpuMs ?? document.resources?.wallMs ?? 0;
    return document.verdict === "time_limit_exceeded" && spent >= this.options.hardKillMs;
  }

  /** A place under the learner's cap, then under the address's; both or neither. */
  private async enter(
    learnerKey: string | null,
    ipKey: string,
    now: number,
  ): Promise<[string, string][]> {
    const leaseMs = this.options.leaseMs ?? 60_000;
    const leases: [string, string][] = [];
    const caps: [string | null, number][] = [
      [learnerKey, this.options.maxActivePerLearner],
      [ipKey, this.options.maxActivePerIp],
    ];
    for (const [key, cap] of caps) {
      if (key === null) continue;
      const lease = randomUUID();
      let entered: boolean;
      try {
        entered = await this.store.enter(key, cap, now, leaseMs, lease);
      } catch (error) {
        await this.leave([...leases, [key, lease]]);
        throw error;
      }
      if (!entered) {
        await this.leave(leases);
        this.counters.capped++;
        throw new JudgeRefusedError(
          "too-many-at-once",
          "Too many judges at once",
          "Your earlier submissions are still being judged; this one was not started.",
          2_000,
        );
      }
      leases.push([key, lease]);
    }
    return leases;
  }

  /**
   * Gives places back; a store that fails here must not turn a verdict into an error (the lease
   * expires on its own).
   */
  private async leave(leases: [string, string][]): Promise<void> {
    await Promise.allSettled(leases.map(([key, lease]) => this.store.leave(key, lease)));
  }

  private laneOf(learner: Standing | null, ip: Standing): Lane {
    if (!learner || !learner.clean || learner.incidents > 0 || ip.incidents > 0) return "probation";
    return "main";
  }

  private refuseWhileCooling(learner: Standing | null, ip: Standing, now: number): void {
    const until = Math.max(learner?.cooldownUntil ?? 0, ip.cooldownUntil);
    if (until <= now) return;
    this.counters.cooledDown++;
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    const who =
      learner && learner.cooldownUntil >= ip.cooldownUntil ? "for you" : "for your network address";
    throw new JudgeRefusedError(
      "paused",
      "The judge is paused for you",
      `Your last submission had to be stopped from outside (it ran past the time or memory limit), so the judge is paused ${who} for ${seconds} s. Look for a loop or a call on a huge string or array.`,
      seconds * 1000,
    );
  }

  private async recordIncident(learnerKey: string | null, ipKey: string): Promise<void> {
    const now = this.options.clock.now();
    const { cooldownMs: baseMs, maxCooldownMs: maxMs, windowMs, ipStrikes } = this.options;
    this.counters.incidents++;
    await Promise.all([
      learnerKey === null
        ? undefined
        : this.store.incident(learnerKey, now, windowMs, { baseMs, maxMs, fromIncident: 1 }),
      this.store.incident(ipKey, now, windowMs, { baseMs, maxMs, fromIncident: ipStrikes }),
    ]);
  }
}
