// "Did you mean …?" for a misspelt id: the closest known one by edit distance, when it is close.

function closest(wanted: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = editDistance(wanted, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  // Close means a typo or two, or one id being a prefix of the other (a shortened heading).
  const close =
    best !== undefined &&
    (bestDistance <= Math.max(2, Math.floor(wanted.length / 4)) ||
      best.startsWith(wanted) ||
      wanted.startsWith(best));
  return close ? best : undefined;
}

/** `use "x"` when one is close, else the list of what exists (shortened when long). */
export function suggestion(wanted: string, known: readonly string[], noun: string): string {
  const near = closest(wanted, known);
  if (near) return `did you mean "${near}"?`;
  if (known.length === 0) return `there are no ${noun}s here`;
  const shown = known.slice(0, 12).map((id) => `"${id}"`);
  const more = known.length > shown.length ? `, … (${known.length} in all)` : "";
  return `known ${noun}s: ${shown.join(", ")}${more}`;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}
