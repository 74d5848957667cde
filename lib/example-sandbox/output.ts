/**
 * Drops the indentation every printed line shares and trailing spaces: the examples print like a
 * console transcript, the page shows them flush left. The build-time panel and the in-browser run
 * use the same function, so the two look the same.
 */
export function dedentLines(lines: readonly string[]): string[] {
  const indents = lines
    .filter((line) => line.trim() !== "")
    .map((line) => line.length - line.trimStart().length);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((line) => line.slice(common).trimEnd());
}
