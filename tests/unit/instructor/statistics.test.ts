import { expect, test } from "vitest";
import { median, medianOfHistogram, rate, toNumber } from "@/lib/instructor/statistics";

test("the median of an odd count is the middle value, of an even count the mean of the two", () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  expect(median([])).toBeNull();
});

test("a histogram's median equals the median of the values it counts", () => {
  const values = [1, 1, 1, 2, 5, 5, 9, 9];
  const histogram = new Map<number, number>();
  for (const value of values) histogram.set(value, (histogram.get(value) ?? 0) + 1);
  expect(medianOfHistogram(histogram)).toBe(median(values));
  expect(medianOfHistogram(new Map([[7, 1]]))).toBe(7);
  expect(
    medianOfHistogram(
      new Map([
        [3, 2],
        [1, 1],
      ]),
    ),
  ).toBe(3);
  expect(medianOfHistogram(new Map())).toBeNull();
});

test("a rate over nothing is null, not zero", () => {
  expect(rate(1, 4)).toBe(0.25);
  expect(rate(0, 0)).toBeNull();
});

test("counts from any driver become numbers", () => {
  expect([toNumber(3), toNumber(3n), toNumber("3"), toNumber(null)]).toEqual([3, 3, 3, 0]);
});
