/**
 * The safety net's clock (decision 102): the judging thread's CPU time where the host can read it,
 * the wall clock otherwise.
 *
 * Reading a thread's CPU time is a system call (about 5 µs on Linux), and the interrupt handler
 * asks at every check: 140 reads, about a millisecond, per judge (decision 200). It need not ask so
 * often. A thread cannot use more CPU time than the wall time that passes, so until the wall time
 * since the last read, plus what the CPU clock's rounding can hide, reaches the CPU time left before
 * a deadline, that deadline cannot have passed, and the CPU clock is not read. The net trips at the
 * same point of the learner's work as with a read at every check, idle or loaded.
 */
export class NetClock {
  private lastValue = Number.NEGATIVE_INFINITY;
  private lastWall = 0;

  /**
   * @param read the thread's CPU ms, never decreasing
   * @param wall the host's monotonic wall clock, ms
   * @param resolutionMs how far below the true CPU time a read may be (its rounding)
   */
  constructor(
    private readonly read: () => number,
    private readonly wall: () => number,
    private readonly resolutionMs: number,
  ) {}

  /** A net on the wall clock alone: cheap to read, so it is read every time. */
  static wallOnly(wall: () => number): NetClock {
    return new NetClock(wall, wall, 0);
  }

  /** Exact: reads the clock. */
  now(): number {
    // The wall time first: the gap measured from it to a later check is then never too short.
    const wall = this.wall();
    this.lastValue = this.read();
    this.lastWall = wall;
    return this.lastValue;
  }

  /** now() >= deadline, reading the clock only when that can be so. */
  reached(deadline: number): boolean {
    return !this.cannotReach(deadline) && this.now() >= deadline;
  }

  /** now() > deadline, reading the clock only when that can be so. */
  passed(deadline: number): boolean {
    return !this.cannotReach(deadline) && this.now() > deadline;
  }

  private cannotReach(deadline: number): boolean {
    if (this.read === this.wall) return false;
    return this.wall() - this.lastWall + this.resolutionMs < deadline - this.lastValue;
  }
}
