// Small, pure helpers for the dashboard's figures, kept apart from the SQL so they can be tested
// on their own.

/** The median of a list; the mean of the two middle values when the count is even; null if empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median of values given as value → how many times it occurs. */
export function medianOfHistogram(histogram: ReadonlyMap<number, number>): number | null {
  const entries = [...histogram].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  // The values at positions floor((n-1)/2) and floor(n/2) of the sorted list; equal when n is odd.
  const valueAt = (position: number): number => {
    let seen = 0;
    for (const [value, count] of entries) {
      seen += count;
      if (position < seen) return value;
    }
    return entries.at(-1)![0];
  };
  return (valueAt(Math.floor((total - 1) / 2)) + valueAt(Math.floor(total / 2))) / 2;
}

/** part / whole, or null when there is nothing to divide by (a rate of "no data", not 0%). */
export function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/** Database drivers return COUNT as number, bigint or numeric string; all become a number. */
export function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string" && value.trim() !== "") return Number(value);
  return 0;
}
