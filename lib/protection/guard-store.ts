/**
 * Where the judge guard keeps each requester's standing (docs/decisions/300): judges under way (as
 * leases that expire, so the count of an instance that crashed mid-judge does not stay), incidents
 * within the window, the cooldown, and whether a judge of theirs ended cleanly. In memory for one
 * instance; in Redis (guard-redis-store.ts) so that instances behind a load balancer share one
 * requester's caps and cooldowns instead of granting each its own.
 */
export interface Standing {
  /** Incidents within the window. */
  incidents: number;
  cooldownUntil: number;
  clean: boolean;
}

export interface CooldownRule {
  baseMs: number;
  maxMs: number;
  /** The incident count (within the window) from which a cooldown is due. */
  fromIncident: number;
}

export interface GuardStore {
  standing(key: string, now: number, windowMs: number): Promise<Standing>;
  /**
   * Takes one of `cap` places under the name `lease` (the caller's, so that a place whose answer
   * was lost can still be given back), held until `now + leaseMs` at most; false when all are
   * taken.
   */
  enter(key: string, cap: number, now: number, leaseMs: number, lease: string): Promise<boolean>;
  /** Gives a place back; a lease this store does not hold is no error. */
  leave(key: string, lease: string): Promise<void>;
  /** Records an incident; from `rule.fromIncident` on, a cooldown doubling with each. */
  incident(key: string, now: number, windowMs: number, rule: CooldownRule): Promise<void>;
  markClean(key: string): Promise<void>;
}

/** The cooldown the `count`-th incident within the window costs (0: none). */
function cooldownAfter(count: number, rule: CooldownRule): number {
  const nth = count - rule.fromIncident + 1;
  if (nth < 1) return 0;
  return Math.min(rule.maxMs, rule.baseMs * 2 ** Math.min(20, nth - 1));
}

interface Entry extends Standing {
  /** Incident times within the window, oldest first. */
  times: number[];
  active: number;
}

/** In process memory: the embedded default, and the fallback while Redis cannot be reached. */
export class MemoryGuardStore implements GuardStore {
  private readonly entries = new Map<string, Entry>();
  /** The key of each place held. */
  private readonly leases = new Map<string, string>();

  constructor(private readonly maxTracked = 100_000) {}

  async standing(key: string, now: number, windowMs: number): Promise<Standing> {
    const entry = this.prune(this.entry(key), now, windowMs);
    return {
      incidents: entry.times.length,
      cooldownUntil: entry.cooldownUntil,
      clean: entry.clean,
    };
  }

  async enter(
    key: string,
    cap: number,
    _now: number,
    _leaseMs: number,
    lease: string,
  ): Promise<boolean> {
    const entry = this.entry(key);
    if (entry.active >= cap) return false;
    entry.active++;
    this.leases.set(lease, key);
    return true;
  }

  async leave(key: string, lease: string): Promise<void> {
    if (this.leases.get(lease) !== key) return;
    this.leases.delete(lease);
    const entry = this.entries.get(key);
    if (entry && entry.active > 0) entry.active--;
  }

  async incident(key: string, now: number, windowMs: number, rule: CooldownRule): Promise<void> {
    const entry = this.prune(this.entry(key), now, windowMs);
    entry.times.push(now);
    entry.incidents = entry.times.length;
    entry.clean = false;
    const cooldown = cooldownAfter(entry.times.length, rule);
    if (cooldown > 0) entry.cooldownUntil = Math.max(entry.cooldownUntil, now + cooldown);
  }

  async markClean(key: string): Promise<void> {
    this.entry(key).clean = true;
  }

  get size(): number {
    return this.entries.size;
  }

  private prune(entry: Entry, now: number, windowMs: number): Entry {
    const horizon = now - windowMs;
    while (entry.times.length > 0 && entry.times[0]! <= horizon) entry.times.shift();
    return entry;
  }

  private entry(key: string): Entry {
    let entry = this.entries.get(key);
    if (entry) {
      // Most recently seen last: the first entry is the one to forget.
      this.entries.delete(key);
    } else {
      entry = { times: [], incidents: 0, cooldownUntil: 0, clean: false, active: 0 };
      if (this.entries.size >= this.maxTracked) {
        for (const [oldKey, old] of this.entries) {
          if (old.active === 0) {
            this.entries.delete(oldKey);
            break;
          }
        }
      }
    }
    this.entries.set(key, entry);
    return entry;
  }
}
