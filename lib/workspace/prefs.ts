// The exercise workspace's settings a learner chooses once and expects to find again: how the
// editor wraps and how large it writes (how the panes are split is pane-layout.ts's). They come
// back from localStorage, which anyone (or an older version of the page) may have written, so every
// field is checked. By hand rather than with zod: this runs in the exercise page's first-load
// bundle, which otherwise no longer carries zod (decision 130).

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
