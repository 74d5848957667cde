import type { Clock } from "@/lib/limiters";
import type { CooldownRule, GuardStore } from "./guard-store";

/**
 * A shared store (Redis) with this instance's memory behind it (docs/decisions/300): while the
 * shared one fails or answers later than `timeoutMs`, the guard counts on this instance alone, as
 * the judge class's buckets do (fail closed, limiting locally), and asks the shared store again
 * `retryAfterMs` later.
 *
 * A call given up on may still be carried out by Redis. For a place under a cap that would be a
 * place nobody gives back until its lease expires: on a loaded machine, where an event loop busy
 * for longer than the timeout makes every call in flight "late", a learner submitting one judge at
 * a time was refused as having too many under way (the cluster test's 3 and 5 of 20, decision 300).
 * So every place taken while the shared store was asked is given back to it too, whatever its
 * answer was, and a late answer already on the socket is read before the timeout is believed.
 */
export class FallbackGuardStore implements GuardStore {
  private skippedUntil = 0;
  /** Where each place under way was taken ("both": in memory, and maybe by a late Redis). */
  private readonly held = new Map<string, "shared" | "memory" | "both">();

  constructor(
    private readonly shared: GuardStore,
    private readonly memory: GuardStore,
    private readonly clock: Clock,
    private readonly timeoutMs: number,
    private readonly onFailure?: (error: unknown) => void,
    private readonly retryAfterMs = 1_000,
  ) {}

  standing(key: string, now: number, windowMs: number) {
    return this.either((store) => store.standing(key, now, windowMs));
  }

  async enter(key: string, cap: number, now: number, leaseMs: number, lease: string) {
    if (this.clock.now() >= this.skippedUntil) {
      try {
        const entered = await this.bounded(this.shared.enter(key, cap, now, leaseMs, lease));
        if (entered) this.held.set(lease, "shared");
        return entered;
      } catch (error) {
        this.skip(error);
        // Redis may take the place after the answer was given up on: it is given back there too.
        const entered = await this.memory.enter(key, cap, now, leaseMs, lease);
        if (entered) this.held.set(lease, "both");
        else void this.giveBack(key, lease);
        return entered;
      }
    }
    const entered = await this.memory.enter(key, cap, now, leaseMs, lease);
    if (entered) this.held.set(lease, "memory");
    return entered;
  }

  async leave(key: string, lease: string): Promise<void> {
    const where = this.held.get(lease);
    this.held.delete(lease);
    if (where === "memory" || where === "both") await this.memory.leave(key, lease);
    if (where === "memory") return;
    // Not waited for while Redis is failing: the lease expires anyway.
    const sent = this.giveBack(key, lease);
    if (this.clock.now() >= this.skippedUntil) await sent;
  }

  /** Gives a place back to Redis whatever the skip window says: it cannot wait for the outage. */
  private giveBack(key: string, lease: string): Promise<void> {
    return this.bounded(this.shared.leave(key, lease)).catch((error: unknown) => {
      this.onFailure?.(error);
    });
  }

  incident(key: string, now: number, windowMs: number, rule: CooldownRule) {
    return this.either((store) => store.incident(key, now, windowMs, rule));
  }

  markClean(key: string) {
    return this.either((store) => store.markClean(key));
  }

  private async either<T>(call: (store: GuardStore) => Promise<T>): Promise<T> {
    if (this.clock.now() >= this.skippedUntil) {
      try {
        return await this.bounded(call(this.shared));
      } catch (error) {
        this.skip(error);
      }
    }
    return call(this.memory);
  }

  private skip(error: unknown): void {
    this.skippedUntil = this.clock.now() + this.retryAfterMs;
    this.onFailure?.(error);
  }

  /**
   * `promise`, or a rejection once `timeoutMs` passed. The timer fires in the event loop's timers
   * phase, before the poll phase reads sockets: after a long synchronous stretch an answer that
   * arrived in time would lose the race. One turn of the loop (setImmediate runs after the poll)
   * lets it in first.
   */
  private bounded<T>(promise: Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let immediate: ReturnType<typeof setImmediate> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        immediate = setImmediate(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)));
      }, this.timeoutMs);
    });
    return Promise.race([promise, timeout]).finally(() => {
      clearTimeout(timer);
      if (immediate) clearImmediate(immediate);
    });
  }
}
