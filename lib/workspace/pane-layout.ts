// How the exercise workspace's panes were split, as a learner left them: read back from
// localStorage, which anyone (or an older version of the page) may have written, so every field is
// checked. Apart from prefs.ts because only the separators' late-loaded code reads it
// (pane-splitter-drag.ts); the page's first load carries the editor's settings only.

/** A pane split as percentages by pane id; null unless every id is there and the sum is ~100. */
export function parsePaneLayout(
  raw: string | null,
  ids: readonly string[],
): Record<string, number> | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const layout = value as Record<string, unknown>;
  if (Object.keys(layout).length !== ids.length) return null;
  const sizes: Record<string, number> = {};
  for (const id of ids) {
    const size = layout[id];
    if (typeof size !== "number" || !(size >= 0 && size <= 100)) return null;
    sizes[id] = size;
  }
  const total = ids.reduce((sum, id) => sum + sizes[id]!, 0);
  return Math.abs(total - 100) < 0.5 ? sizes : null;
}
