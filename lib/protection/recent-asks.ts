import type { Clock } from "@/lib/limiters/clock";

/**
 * How much each owner asked lately: one per ask, halving every `halfLifeMs`. The probation lane
 * serves first whoever asked least (docs/decisions/420), so a newcomer's first judge is not queued
 * behind addresses that keep asking. At most `maxTracked` owners are remembered; the one that
 * asked least recently is forgotten first (forgetting an owner only makes it look new).
 */
export class RecentAsks {
  private readonly scores = new Map<string, { score: number; at: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly halfLifeMs: number,
    private readonly maxTracked = 10_000,
  ) {
    if (!(halfLifeMs > 0)) throw new RangeError("halfLifeMs must be > 0");
  }

  /** Counts one ask of `owner`. */
  ask(owner: string): void {
    const score = this.score(owner) + 1;
    this.scores.delete(owner);
    this.scores.set(owner, { score, at: this.clock.now() });
    if (this.scores.size > this.maxTracked) {
      this.scores.delete(this.scores.keys().next().value!);
    }
  }

  /** The owner's asks, each weighed by how recent it is (0: never, or long ago). */
  score(owner: string): number {
    const entry = this.scores.get(owner);
    if (!entry) return 0;
    return entry.score * 2 ** (-(this.clock.now() - entry.at) / this.halfLifeMs);
  }
}
