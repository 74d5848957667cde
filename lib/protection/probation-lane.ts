import type { Clock } from "@/lib/limiters/clock";
import type { Timers } from "@/lib/time/timers";
import { JudgeAdmission } from "./judge-admission";
import { RecentAsks } from "./recent-asks";

export interface ProbationLaneOptions {
  /** Judges at once: the probation pool's workers. */
  concurrency: number;
  /** The main lane's longest wait for a worker. */
  maxWaitMs: number;
  /** The longest one judge can hold a worker: the pool's hard kill. */
  hardKillMs: number;
  /** Judges one address may have waiting: the guard's cap per address already bounds them. */
  perAddress: number;
  clock: Clock;
  timers: Timers;
}

/**
 * The probation lane's admission (116, 420): newcomers' first judges and recent offenders', on a
 * worker of their own. Its lines are addresses, not sessions, so an address's many fresh sessions
 * wait behind each other; the address that asked least lately is served first, so a newcomer's
 * first judge goes before the addresses that keep asking; and its wait outlasts one hard kill, so
 * the judge first in turn is not refused while the worker finishes the one it holds.
 */
export function probationAdmission(options: ProbationLaneOptions): JudgeAdmission {
  const { concurrency, clock, timers } = options;
  return new JudgeAdmission({
    concurrency,
    maxQueued: 16 * concurrency,
    maxWaitMs: options.maxWaitMs + options.hardKillMs,
    maxQueuedPerOwner: options.perAddress,
    fewestAsks: new RecentAsks(clock, ASKS_HALF_LIFE_MS),
    clock,
    timers,
  });
}

/** A minute: a loop that asks every few seconds stays far behind a newcomer's first ask. */
const ASKS_HALF_LIFE_MS = 60_000;
