import type { Clock } from "./clock";
import type { Decision } from "./decision";
import type { KeyedAlgorithm } from "./keyed-algorithm";

export interface KeyedLimiterOptions<Plan> {
  algorithm: KeyedAlgorithm<Plan>;
  /** Limits per plan, from configuration: a product decision, not code. */
  plans: Readonly<Record<string, Plan>>;
  /** The plan of a key whose caller names none; defaults to the first plan listed. */
  defaultPlan?: string;
  /** Hard cap on tracked keys; past it, the least recently used key is forgotten. */
  maxKeys: number;
  /**
   * A fresh key is forgotten once it has also been idle this long (default 10 s). Forgetting sooner
   * changes no decision, but a busy key would be dropped and re-created between its own requests.
   */
  forgetIdleAfterMs?: number;
  clock: Clock;
}

/**
 * Bytes of typed-array state one tracked key costs under `plan`: the algorithm's numbers plus the
 * slot's bookkeeping (plan number, last-seen time, two recency links). The Map entry and the key
 * string come on top; this is the part that grows with the algorithm you choose.
 */
export function stateBytesPerKey<Plan>(algorithm: KeyedAlgorithm<Plan>, plan: Plan): number {
  const numbers = algorithm.stateSize(plan) * Float64Array.BYTES_PER_ELEMENT;
  const bookkeeping =
    Uint16Array.BYTES_PER_ELEMENT +
    Float64Array.BYTES_PER_ELEMENT +
    2 * Int32Array.BYTES_PER_ELEMENT;
  return numbers + bookkeeping;
}

const NONE = -1;
/** Stale keys examined per request: enough to keep up with any arrival rate, cheap enough to ignore. */
const SWEEP_PER_CALL = 2;

/**
 * One limiter per key (user, API key, tenant) with memory that cannot grow without bound:
 * - a key whose state equals a fresh one (a full bucket, an empty window) is forgotten once idle
 *   for `forgetIdleAfterMs`, since forgetting it changes no decision; the least recently used keys
 *   are checked on every call;
 * - past `maxKeys`, the least recently used key is evicted even if it is not fresh.
 *
 * Per-key state lives in typed arrays indexed by a slot number, with an intrusive doubly linked list
 * in recency order, so a key costs its Map entry plus a few numbers instead of an object graph.
 */
export class KeyedLimiter<Plan> {
  private readonly algorithm: KeyedAlgorithm<Plan>;
  private readonly clock: Clock;
  private readonly plans: Plan[];
  private readonly planIndex = new Map<string, number>();
  private readonly defaultPlan: number;
  private readonly stride: number;
  private readonly forgetIdleAfterMs: number;
  readonly maxKeys: number;

  private readonly slotOf = new Map<string, number>();
  private keyOf: (string | undefined)[] = [];
  private state: Float64Array;
  private planOf: Uint16Array;
  private lastSeen: Float64Array;
  private newer: Int32Array; // toward the most recently used
  private older: Int32Array; // toward the least recently used
  private newest = NONE;
  private oldest = NONE;
  private freeSlots: number[] = [];
  private capacity: number;

  constructor(options: KeyedLimiterOptions<Plan>) {
    const names = Object.keys(options.plans);
    if (names.length === 0) throw new RangeError("at least one plan is required");
    if (names.length > 0xffff) throw new RangeError("at most 65535 plans are supported");
    if (!Number.isInteger(options.maxKeys) || options.maxKeys < 1) {
      throw new RangeError(`maxKeys must be a whole number >= 1, got ${options.maxKeys}`);
    }
    this.algorithm = options.algorithm;
    this.clock = options.clock;
    this.maxKeys = options.maxKeys;
    this.forgetIdleAfterMs = options.forgetIdleAfterMs ?? 10_000;
    if (!(this.forgetIdleAfterMs >= 0)) throw new RangeError("forgetIdleAfterMs must be >= 0");
    this.plans = names.map((name, i) => {
      const plan = options.plans[name] as Plan;
      options.algorithm.validate(plan);
      this.planIndex.set(name, i);
      return plan;
    });
    const defaultPlan = this.planIndex.get(options.defaultPlan ?? (names[0] as string));
    if (defaultPlan === undefined) throw new RangeError(`unknown plan "${options.defaultPlan}"`);
    this.defaultPlan = defaultPlan;
    this.stride = Math.max(...this.plans.map((p) => options.algorithm.stateSize(p)));
    this.capacity = Math.min(1024, this.maxKeys);
    this.state = new Float64Array(this.capacity * this.stride);
    this.planOf = new Uint16Array(this.capacity);
    this.lastSeen = new Float64Array(this.capacity);
    this.newer = new Int32Array(this.capacity);
    this.older = new Int32Array(this.capacity);
  }

  /** Decides a request of `cost` for `key` under `plan` (the key's plan may change between calls). */
  tryAcquire(key: string, cost = 1, plan?: string): Decision {
    if (!Number.isInteger(cost) || cost < 1) {
      throw new RangeError(`cost must be a whole number >= 1, got ${cost}`);
    }
    const planNumber = plan === undefined ? this.defaultPlan : this.planIndex.get(plan);
    if (planNumber === undefined) throw new RangeError(`unknown plan "${plan}"`);
    const now = this.clock.now();
    const rules = this.plans[planNumber] as Plan;

    let slot = this.slotOf.get(key);
    if (slot === undefined) {
      slot = this.allocate(key);
      this.algorithm.init(this.state, slot * this.stride, rules, now);
    } else {
      this.unlink(slot);
    }
    this.planOf[slot] = planNumber;
    this.lastSeen[slot] = now;
    this.linkAsNewest(slot);
    const decision = this.algorithm.acquire(this.state, slot * this.stride, rules, now, cost);
    this.forgetFreshOldest(SWEEP_PER_CALL, now);
    return decision;
  }

  /** Keys currently tracked. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Forgets every key whose state is fresh; returns how many were forgotten. */
  sweep(): number {
    const now = this.clock.now();
    let forgotten = 0;
    for (let slot = this.oldest; slot !== NONE;) {
      const next = this.newer[slot]!;
      if (this.isFresh(slot, now)) {
        this.release(slot);
        forgotten++;
      }
      slot = next;
    }
    return forgotten;
  }

  private isFresh(slot: number, now: number): boolean {
    const rules = this.plans[this.planOf[slot]!] as Plan;
    return this.algorithm.isFresh(this.state, slot * this.stride, rules, now);
  }

  private forgetFreshOldest(budget: number, now: number): void {
    for (let i = 0; i < budget && this.oldest !== NONE && this.oldest !== this.newest; i++) {
      // The list is in recency order: if the oldest key is not idle long enough, none is.
      if (now - this.lastSeen[this.oldest]! < this.forgetIdleAfterMs) return;
      if (!this.isFresh(this.oldest, now)) return;
      this.release(this.oldest);
    }
  }

  private allocate(key: string): number {
    if (this.slotOf.size >= this.maxKeys) this.release(this.oldest);
    let slot = this.freeSlots.pop();
    if (slot === undefined) {
      slot = this.keyOf.length;
      if (slot >= this.capacity) this.grow();
    }
    this.keyOf[slot] = key;
    this.slotOf.set(key, slot);
    return slot;
  }

  private release(slot: number): void {
    this.unlink(slot);
    this.slotOf.delete(this.keyOf[slot] as string);
    this.keyOf[slot] = undefined;
    this.freeSlots.push(slot);
  }

  private linkAsNewest(slot: number): void {
    this.older[slot] = this.newest;
    this.newer[slot] = NONE;
    if (this.newest !== NONE) this.newer[this.newest] = slot;
    this.newest = slot;
    if (this.oldest === NONE) this.oldest = slot;
  }

  private unlink(slot: number): void {
    const newer = this.newer[slot]!;
    const older = this.older[slot]!;
    if (newer !== NONE) this.older[newer] = older;
    else this.newest = older;
    if (older !== NONE) this.newer[older] = newer;
    else this.oldest = newer;
  }

  private grow(): void {
    // Doubling keeps the amortised cost per key constant; the cap keeps the last step exact.
    this.capacity = Math.min(this.capacity * 2, this.maxKeys);
    this.state = copyInto(new Float64Array(this.capacity * this.stride), this.state);
    this.planOf = copyInto(new Uint16Array(this.capacity), this.planOf);
    this.lastSeen = copyInto(new Float64Array(this.capacity), this.lastSeen);
    this.newer = copyInto(new Int32Array(this.capacity), this.newer);
    this.older = copyInto(new Int32Array(this.capacity), this.older);
  }
}

function copyInto<T extends Float64Array | Uint16Array | Int32Array>(target: T, source: T): T {
  target.set(source);
  return target;
}
