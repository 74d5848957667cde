import type { NetClock } from "./net-clock";

/**
 * The work counted and allowed so far: interrupt checks (steps, which do not depend on the
 * machine's load) and the safety net's clock. Two sandboxes of one judge share one (decision 265).
 */
export class Meter {
  stepLimit = Number.POSITIVE_INFINITY;
  deadline = Number.POSITIVE_INFINITY;
  net: NetClock | undefined;

  constructor(public steps = 0) {}

  /**
   * Gives what runs next `steps` more interrupt checks and `netMs` on the safety net's clock (but
   * not past `netEnd` on it), whichever ends first.
   */
  limit(steps: number, netMs: number, netEnd = Number.POSITIVE_INFINITY): void {
    this.stepLimit = this.steps + steps;
    if (!this.net) throw new Error("configure() first");
    this.deadline = Math.min(this.net.now() + netMs, netEnd);
  }

  /** True once the current limit is used up; the interrupt handler stops the code from then on. */
  expired(): boolean {
    return this.steps > this.stepLimit || (this.net?.passed(this.deadline) ?? false);
  }
}
