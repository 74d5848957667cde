// The exercise workspace's settings a learner chooses once and expects to find again: how the
// editor wraps and how large it writes, and how the panes are split. They come back from
// localStorage, which anyone (or an older version of the page) may have written, so every field is
// checked. By hand rather than with zod: this runs in the exercise page's first-load bundle, which
// otherwise no longer carries zod (decision 130).

export const FONT_SIZES = [12, 13, 14, 15, 16, 18, 20, 22] as const;
const DEFAULT_FONT_SIZE = 14;

export interface EditorPrefs {
  wordWrap: boolean;
  fontSize: number;
}

export const DEFAULT_EDITOR_PREFS: EditorPrefs = { wordWrap: false, fontSize: DEFAULT_FONT_SIZE };

/** Stored text to settings; anything unreadable gives the defaults, field by field. */
export function parseEditorPrefs(raw: string | null): EditorPrefs {
  if (!raw) return DEFAULT_EDITOR_PREFS;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return DEFAULT_EDITOR_PREFS;
  }
  if (typeof value !== "object" || value === null) return DEFAULT_EDITOR_PREFS;
  const { wordWrap, fontSize } = value as Record<string, unknown>;
  return {
    wordWrap: typeof wordWrap === "boolean" ? wordWrap : DEFAULT_EDITOR_PREFS.wordWrap,
    fontSize:
      typeof fontSize === "number" && (FONT_SIZES as readonly number[]).includes(fontSize)
        ? fontSize
        : DEFAULT_EDITOR_PREFS.fontSize,
  };
}

/** The next size up or down the scale, staying at its ends. */
export function stepFontSize(current: number, direction: 1 | -1): number {
  const index = FONT_SIZES.findIndex((size) => size >= current);
  const at = index < 0 ? FONT_SIZES.length - 1 : index;
  const next = Math.min(FONT_SIZES.length - 1, Math.max(0, at + direction));
  return FONT_SIZES[next]!;
}

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
