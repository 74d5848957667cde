import { H, str } from "./intrinsics";

// What a learner's limiter may be handed: the fake clock, and java.util.Random's draws.

/** The relay's (decision 410): set a clock to the time its mirror has, and hear of every move. */
let setTime: (clock: ManualClock, t: number) => void;
let watcher: ((clock: ManualClock) => void) | undefined;

export class ManualClock {
  #now: number;
  static {
    setTime = (clock, t) => {
      clock.#now = t;
    };
  }
  constructor(start?: number) {
    const s = start === undefined ? 0 : start;
    if (typeof s !== "number" || !H.isFinite(s)) {
      throw new RangeError("ManualClock(start): start must be a finite number");
    }
    this.#now = s;
    // A limiter given the clock must not be able to swap its methods and so rewrite the trace.
    H.freeze(this);
  }
  now(): number {
    return this.#now;
  }
  advance(ms: number): void {
    // Time that runs backwards would let a limiter "un-spend" quota.
    if (typeof ms !== "number" || !(ms >= 0) || !H.isFinite(ms)) {
      throw new RangeError("a clock can only move forward, got advance(" + str(ms) + ")");
    }
    this.#now += ms;
    if (watcher !== undefined) watcher(this);
  }
}

export function setClockTime(clock: ManualClock, t: number): void {
  setTime(clock, t);
}

/** Once, by the relay: told of each advance(). */
export function watchClocks(fn: (clock: ManualClock) => void): void {
  if (watcher !== undefined) throw new TypeError("watched already");
  watcher = fn;
}

// java.util.Random's nextInt(bound), bit for bit: the course's traces were made with new Random(4),
// so suites that replay them share this one copy.
export function javaRandom(seed: number): (bound: number) => number {
  const TWO_24 = 0x1000000;
  let lo = ((seed % TWO_24) ^ 0xece66d) >>> 0;
  let hi = ((H.floor(seed / TWO_24) % TWO_24) ^ 0x5de) >>> 0;
  // Only nextInt's next(31) is ever needed. Operands stay below 2^48, so ">>> 0" is an exact floor
  // here, and cheaper in QuickJS than a call to Math.floor. Suites draw thousands of these per
  // test, and a function call is most of a draw's cost in QuickJS: the step is written out in the
  // one function, not called.
  return (bound) => {
    const power = (bound & -bound) === bound;
    for (;;) {
      const low = lo * 0xece66d + 0xb;
      const high = hi * 0xece66d + lo * 0x5de + ((low / TWO_24) >>> 0);
      lo = low % TWO_24;
      hi = high % TWO_24;
      const bits = ((hi * TWO_24 + lo) / 0x20000) >>> 0;
      if (power) return H.floor((bound * bits) / 0x80000000);
      const value = bits % bound;
      if (bits - value + (bound - 1) <= 0x7fffffff) return value;
    }
  };
}
