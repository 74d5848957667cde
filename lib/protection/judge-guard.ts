import type { Clock } from "@/lib/limiters";
import type { JudgeAdmission } from "./judge-admission";

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
  /** Learners and addresses remembered at most (least recently seen forgotten first). */
  maxTracked?: number;
}

/** The pool a lane's judges go to: the caller passes it to the judge. */
export type Lane = "main" | "probation";

interface Standing {
  /** Incident times within the window, oldest first. */
  incidents: number[];
  cooldownUntil: number;
  /** A judge of this learner finished without incident. */
  clean: boolean;
  active: number;
}

export interface GuardRequester {
  /** The session's learner; null: no session. */
  learner: string | null;
  /** The address's bucket key. */
  ip: string;
}

export class JudgeGuard {
  private readonly learners = new Map<string, Standing>();
  private readonly ips = new Map<string, Standing>();
  private readonly counters = { incidents: 0, cooledDown: 0, capped: 0, probation: 0, main: 0 };

  constructor(private readonly options: JudgeGuardOptions) {}

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
    const now = this.options.clock.now();
    const learner =
      requester.learner === null ? null : this.record(this.learners, requester.learner);
    const ip = this.record(this.ips, requester.ip);
    this.refuseWhileCooling(learner, ip, now);
    if (
      (learner && learner.active >= this.options.maxActivePerLearner) ||
      ip.active >= this.options.maxActivePerIp
    ) {
      this.counters.capped++;
      throw new JudgeRefusedError(
        "too-many-at-once",
        "Too many judges at once",
        "Your earlier submissions are still being judged; this one was not started.",
        2_000,
      );
    }
    const lane = this.laneOf(learner, ip, now);
    this.counters[lane]++;
    const admission = lane === "main" ? this.options.main : this.options.probation;
    if (learner) learner.active++;
    ip.active++;
    try {
      const document = await admission.run(
        () => judge(lane),
        requester.learner === null ? `ip:${requester.ip}` : `learner:${requester.learner}`,
      );
      if (this.isIncident(document)) this.recordIncident(learner, ip);
      else if (learner) learner.clean = true;
      return document;
    } finally {
      if (learner) learner.active--;
      ip.active--;
    }
  }

  stats() {
    return { ...this.counters, learners: this.learners.size, ips: this.ips.size };
  }

  /** The hard kill (a long time-limit verdict) or a memory verdict: the costly endings. */
  isIncident(document: JudgedDocument): boolean {
    if (document.verdict === "memory_limit_exceeded") return true;
    // The pool kills on the worker's CPU time (wall time only as a backstop): a busy machine
    // makes a judge slower in wall time, not in CPU time.
    const spent = document.resources?.cpuMs ?? document.resources?.wallMs ?? 0;
    return document.verdict === "time_limit_exceeded" && spent >= this.options.hardKillMs;
  }

  private laneOf(learner: Standing | null, ip: Standing, now: number): Lane {
    const recent = (record: Standing | null) =>
      record !== null && this.prune(record, now).incidents.length > 0;
    if (!learner || !learner.clean || recent(learner) || recent(ip)) return "probation";
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

  private recordIncident(learner: Standing | null, ip: Standing): void {
    const now = this.options.clock.now();
    this.counters.incidents++;
    if (learner) {
      this.prune(learner, now).incidents.push(now);
      learner.clean = false;
      learner.cooldownUntil = now + this.cooldownFor(learner.incidents.length);
    }
    this.prune(ip, now).incidents.push(now);
    const strikes = ip.incidents.length - this.options.ipStrikes + 1;
    if (strikes >= 1) ip.cooldownUntil = now + this.cooldownFor(strikes);
  }

  private cooldownFor(nth: number): number {
    const { cooldownMs, maxCooldownMs } = this.options;
    return Math.min(maxCooldownMs, cooldownMs * 2 ** Math.min(20, nth - 1));
  }

  private prune(record: Standing, now: number): Standing {
    const horizon = now - this.options.windowMs;
    while (record.incidents.length > 0 && record.incidents[0]! <= horizon) record.incidents.shift();
    return record;
  }

  private record(map: Map<string, Standing>, key: string): Standing {
    let record = map.get(key);
    if (record) {
      // Most recently seen last: the first entry is the one to forget.
      map.delete(key);
    } else {
      record = { incidents: [], cooldownUntil: 0, clean: false, active: 0 };
      const max = this.options.maxTracked ?? 100_000;
      if (map.size >= max) {
        for (const [oldKey, old] of map) {
          if (old.active === 0) {
            map.delete(oldKey);
            break;
          }
        }
      }
    }
    map.set(key, record);
    return record;
  }
}
