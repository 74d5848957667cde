// Highlighted code as data: the program's text once, plus the colour of each run of it. A client
// component turns it into `<span>`s while the page is rendered, so the framework's payload carries
// this compact form instead of a second copy of the markup (decision 250). No imports: it runs in the
// browser too, on every page with code, so it is kept as small as it can be.

export interface HighlightedCode {
  /** The fence's language, as shiki was given it ("ts", "lua", "text"). */
  language: string;
  /**
   * The code (no trailing newline) with `&`, `<` and `>` already escaped for HTML: the browser then
   * needs no escaping code, and the payload is shorter (it would write each `<` as `\u003c`).
   */
  text: string;
  /** The span tags the runs open, e.g. `<span class="l9 d8">`; index 0 is runs' style 1. */
  styles: string[];
  /** Pairs of (length in `text`, style) covering all of `text`; style 0 is the default colour. */
  runs: number[];
}

/** The block's `<code>` element: each coloured run a span, default-coloured text bare. */
export function highlightedCodeHtml({ text, styles, runs }: HighlightedCode): string {
  let html = "<code>";
  for (let i = 0, at = 0; i < runs.length; i += 2) {
    const part = text.slice(at, (at += runs[i]!));
    const style = runs[i + 1]!;
    html += style ? styles[style - 1] + part + "</span>" : part;
  }
  return html + "</code>";
}
