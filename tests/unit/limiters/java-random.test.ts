import { describe, expect, test } from "vitest";
import { JavaRandom } from "@/lib/limiters";

// An independent, obviously-correct model of java.util.Random in BigInt, to check the fast version.
function bigIntRandom(seed: number) {
  const mask = (1n << 48n) - 1n;
  let s = (BigInt(seed) ^ 0x5deece66dn) & mask;
  const next = (bits: number) => {
    s = (s * 0x5deece66dn + 0xbn) & mask;
    return Number(BigInt.asIntN(32, s >> BigInt(48 - bits)));
  };
  return {
    nextInt(bound?: number): number {
      if (bound === undefined) return next(32);
      if ((bound & -bound) === bound) return Number((BigInt(bound) * BigInt(next(31))) >> 31n);
      for (;;) {
        const bits = next(31);
        const val = bits % bound;
        if (bits - val + (bound - 1) < 2 ** 31) return val;
      }
    },
  };
}

describe("JavaRandom", () => {
  test("new Random(0).nextInt() yields Java's documented first values", () => {
    const rng = new JavaRandom(0);
    expect([rng.nextInt(), rng.nextInt()]).toEqual([-1155484576, -723955400]);
  });

  test("matches a BigInt model of the 48-bit LCG for many seeds and bounds", () => {
    for (const seed of [0, 1, 4, -1, 123456789, -987654321, 2 ** 40 + 7, -(2 ** 50)]) {
      for (const bound of [
        undefined,
        1,
        2,
        3,
        6,
        10,
        16,
        1000,
        2 ** 30,
        2 ** 31 - 1,
        1_500_000_000,
      ]) {
        const fast = new JavaRandom(seed);
        const model = bigIntRandom(seed);
        for (let i = 0; i < 200; i++) expect(fast.nextInt(bound)).toBe(model.nextInt(bound));
      }
    }
  });

  test("a non-positive bound is misuse and throws", () => {
    expect(() => new JavaRandom(1).nextInt(0)).toThrow(RangeError);
  });
});
