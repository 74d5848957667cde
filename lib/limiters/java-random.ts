/**
 * java.util.Random, bit for bit: the 48-bit linear congruential generator
 * seed = (seed * 0x5DEECE66D + 0xB) mod 2^48. The course notes' traces were produced with
 * `new Random(4)`; replaying the same numbers here makes the lesson's figures equal the notes'.
 *
 * A 48-bit product does not fit in a double's 53-bit mantissa, so the seed is kept as two 24-bit
 * halves and multiplied like long multiplication on paper; every partial product stays exact.
 */
const TWO_24 = 0x1000000;
const MULTIPLIER_HI = 0x5de; // 0x5DEECE66D = 0x5DE * 2^24 + 0xECE66D
const MULTIPLIER_LO = 0xece66d;
const INCREMENT = 0xb;

export class JavaRandom {
  private hi: number; // seed bits 47..24
  private lo: number; // seed bits 23..0

  constructor(seed: number) {
    if (!Number.isSafeInteger(seed))
      throw new RangeError(`seed must be a safe integer, got ${seed}`);
    // Java scrambles the seed with the multiplier: (seed ^ 0x5DEECE66D) & (2^48 - 1).
    const seedLo = mod(seed, TWO_24);
    const seedHi = mod(Math.floor(seed / TWO_24), TWO_24);
    this.lo = (seedLo ^ MULTIPLIER_LO) >>> 0;
    this.hi = (seedHi ^ MULTIPLIER_HI) >>> 0;
  }

  /** A uniform int in [0, bound), exactly as Random.nextInt(bound); without a bound, any int32. */
  nextInt(bound?: number): number {
    if (bound === undefined) return this.next(32);
    if (!Number.isInteger(bound) || bound <= 0 || bound > 0x7fffffff) {
      throw new RangeError(`bound must be a positive int, got ${bound}`);
    }
    if ((bound & -bound) === bound) {
      // Power of two: take the high bits, which are the better-mixed ones in an LCG.
      return Math.floor((bound * this.next(31)) / 0x80000000);
    }
    // Reject the top partial range so every value is equally likely (Java's overflow test, unrolled).
    for (;;) {
      const bits = this.next(31);
      const value = bits % bound;
      if (bits - value + (bound - 1) <= 0x7fffffff) return value;
    }
  }

  /** The top `bits` bits of the advanced seed, as Java's protected next(bits) (a signed int32). */
  private next(bits: number): number {
    // (hi * 2^24 + lo) * (MHI * 2^24 + MLO) + INC, mod 2^48: the hi * MHI term is a multiple of 2^48.
    const low = this.lo * MULTIPLIER_LO + INCREMENT;
    const high = this.hi * MULTIPLIER_LO + this.lo * MULTIPLIER_HI + Math.floor(low / TWO_24);
    this.lo = low % TWO_24;
    this.hi = high % TWO_24;
    // seed >>> (48 - bits), then Java's (int) cast, which wraps to a signed 32-bit value.
    return Math.floor((this.hi * TWO_24 + this.lo) / 2 ** (48 - bits)) | 0;
  }
}

function mod(a: number, m: number): number {
  return ((a % m) + m) % m;
}
