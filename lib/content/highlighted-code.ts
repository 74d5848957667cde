// Highlighted code as data: the program's text once, plus the colour of each run of it (decision
// 250). The server writes it out as HTML once, into a static island (decision 340) on lesson pages,
// so neither the markup nor this data is repeated in the framework's payload.

export interface HighlightedCode {
  /** The fence's language, as shiki was given it ("ts", "lua", "text"). */
  language: string;
  /**
   * The code (no trailing newline) with `&`, `<` and `>` already escaped for HTML: the browser then
   * needs no escaping code, and the payload is shorter (it would write each `<` as `\u003c`).
   */
  text: string;
  /** The tags the runs open, e.g. `<span class="l9 d8">` or `<c-2>`; index 0 is runs' style 1. */
  styles: string[];
  /** Pairs of (length in `text`, style) covering all of `text`; style 0 is the default colour. */
  runs: number[];
}

/** The block's `<code>` element: each coloured run an element, default-coloured text bare. */
export function highlightedCodeHtml({ text, styles, runs }: HighlightedCode): string {
  const closing = styles.map((open) => `</${/^<([a-z0-9-]+)/.exec(open)![1]}>`);
  let html = "<code>";
  for (let i = 0, at = 0; i < runs.length; i += 2) {
    const part = text.slice(at, (at += runs[i]!));
    const style = runs[i + 1]!;
    html += style ? styles[style - 1] + part + closing[style - 1] : part;
  }
  return html + "</code>";
}
