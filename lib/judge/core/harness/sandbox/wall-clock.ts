import { type Bag, H } from "./intrinsics";

// The wall clock does not exist in the judge: Date keeps its calendar arithmetic (new Date(ms)
// works) but has no "now", and performance.now() throws. A verdict must be a pure function of the
// code and the suite.
export class WallClockError extends Error {
  constructor(what: string) {
    super(
      what +
        " does not tell the time in the judge: read the time from the clock your limiter was given (clock.now()). A limiter that reads the wall clock cannot be tested and decides differently on every run.",
    );
    this.name = "WallClockError";
  }
}

/** How many times learner code tried to read the wall clock (the runner compares before and after). */
export let wallClockReads = 0;
function wallClock(what: string): never {
  wallClockReads++;
  throw new WallClockError(what);
}

const RealDate = Date;
function SandboxDate(...args: unknown[]): Date {
  if (new.target === undefined) wallClock("Date()");
  if (args.length === 0) wallClock("new Date()");
  return H.construct(RealDate, args as [number], new.target);
}
SandboxDate.prototype = RealDate.prototype;
SandboxDate.now = function now(): number {
  return wallClock("Date.now()");
};
SandboxDate.UTC = RealDate.UTC;
SandboxDate.parse = RealDate.parse;
H.defineProperty(RealDate.prototype, "constructor", {
  value: SandboxDate,
  writable: true,
  configurable: true,
});
globalThis.Date = SandboxDate as unknown as DateConstructor;
(globalThis as Bag).performance = {
  now() {
    return wallClock("performance.now()");
  },
};
