import type { Decision } from "./decision";

/**
 * A limiting algorithm written for many keys: its per-key state is a few numbers in a shared
 * Float64Array (at offset `at`), not an object per key, so a million keys cost a few megabytes of
 * numbers rather than a million objects. The rules are the same as the single-key classes'
 * (property tests replay both and compare every decision).
 */
export interface KeyedAlgorithm<Plan> {
  readonly name: string;
  /** Throws a RangeError if the plan cannot be enforced (e.g. a zero window). */
  validate(plan: Plan): void;
  /** How many numbers of state one key needs under this plan. */
  stateSize(plan: Plan): number;
  /** Writes the state of a key never seen before. */
  init(state: Float64Array, at: number, plan: Plan, now: number): void;
  /** Decides a request of the given cost, updating the state. */
  acquire(state: Float64Array, at: number, plan: Plan, now: number, cost: number): Decision;
  /** True when the state is indistinguishable from a fresh one, so the key can be forgotten. */
  isFresh(state: Float64Array, at: number, plan: Plan, now: number): boolean;
}
