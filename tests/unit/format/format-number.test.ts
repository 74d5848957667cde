import { describe, expect, test } from "vitest";
import { formatNumber } from "@/lib/format/format-number";

// Node's full ICU is the reference: the function must write every figure as toLocaleString("en")
// does, so replacing one with the other changes no text on any page.
describe("formatNumber", () => {
  const edges = [
    0,
    -0,
    1,
    -1,
    7,
    999,
    1000,
    -1000,
    1234,
    12_345,
    123_456,
    1_234_567,
    9_999_999,
    1e15,
    2 ** 53,
    0.5,
    1.5,
    2.5,
    -2.5,
    0.1 + 0.2,
    1 / 3,
    2 / 3,
    0.0004,
    0.0005,
    0.0015,
    -0.0004,
    999.9995,
    1234.5678,
    12_345.0001,
    99_999.9999,
    1.005,
    1e20,
    0.125,
    10.0625,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];

  test("writes edge cases (signs, zeros, rounding, grouping, infinities) as toLocaleString('en') does", () => {
    for (const n of edges) expect(formatNumber(n), String(n)).toBe(n.toLocaleString("en"));
  });

  test("writes 20,000 random integers and decimals of every size as toLocaleString('en') does", () => {
    // A fixed linear congruential sequence: the same numbers on every run.
    let seed = 20_261_206;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) {
      const scale = 10 ** Math.floor(next() * 16);
      const value = (next() - 0.3) * scale;
      const n = i % 2 === 0 ? Math.round(value) : value;
      expect(formatNumber(n), String(n)).toBe(n.toLocaleString("en"));
    }
  });
});

test("formatNumber never calls the locale formatter for a figure a page prints", () => {
  const original = Number.prototype.toLocaleString;
  Number.prototype.toLocaleString = () => {
    throw new Error("Intl was used");
  };
  try {
    expect([0, -0.5, 1234.5678, 9_007_199_254_740_991].map(formatNumber)).toEqual([
      "0",
      "-0.5",
      "1,234.568",
      "9,007,199,254,740,991",
    ]);
  } finally {
    Number.prototype.toLocaleString = original;
  }
});
