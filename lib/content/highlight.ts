import type { Element } from "hast";
import { createHighlighter, type Highlighter, type ShikiTransformer } from "shiki";
import {
  codeColorsCss,
  codePairs,
  codePalette,
  pairTag,
  paletteClasses,
  themeDefaults,
} from "./code-colors";
import { compactHighlightedCode, preOf } from "./compact-code";
import { highlightedCodeHtml, type HighlightedCode } from "./highlighted-code";

// Syntax highlighting happens once, at build time, on the server: the browser receives coloured HTML
// and no highlighter. Both themes are emitted as palette classes (`l3 d7`, lib/content/code-colors.ts)
// and app/code-colors.css picks one with prefers-color-scheme (decisions 004 and 141).

const codeThemes = { light: "github-light-default", dark: "github-dark-default" } as const;

/** Loaded up front; any other language shiki bundles is loaded on first use. */
const preloadedLanguages = ["ts", "tsx", "js", "json", "bash", "lua", "http", "yaml", "java"];

let highlighter: Promise<Highlighter> | undefined;

export function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({
    themes: Object.values(codeThemes),
    langs: preloadedLanguages,
  });
  return highlighter;
}

/** Records the fence's language on the <pre> so the page can label the block ("TypeScript"). */
const languageAttribute: ShikiTransformer = {
  name: "tradeoff:language-attribute",
  pre(node: Element) {
    node.properties["dataLanguage"] = this.options.lang;
  },
};

export interface HighlightOptions {
  themes: typeof codeThemes;
  defaultColor: false;
  tokenizeTimeLimit: number;
  transformers: ShikiTransformer[];
}

let options: Promise<HighlightOptions> | undefined;

/** Shiki's options for every block on the site: both themes, colours as palette classes. */
export function getHighlightOptions(): Promise<HighlightOptions> {
  options ??= getHighlighter().then((shiki) => ({
    themes: codeThemes,
    defaultColor: false as const,
    // Shiki stops tokenizing a line after 500 ms by default and colours the rest as one token. The
    // first lines of a build worker take that long while the grammar's patterns compile (more on a
    // loaded machine), which miscoloured whole lines; a build can wait, so there is no limit.
    tokenizeTimeLimit: 0,
    transformers: [
      languageAttribute,
      paletteClasses(codePalette(shiki, codeThemes), themeDefaults(shiki, codeThemes)),
    ],
  }));
  return options;
}

/**
 * Highlights a whole source file outside MDX (example programs, limiter sources, traps), with the
 * short tags of lesson pages (getPairTags).
 */
export async function highlightCode(code: string, lang: string): Promise<HighlightedCode> {
  return withTags(await highlightSpans(code, lang), await getPairTags());
}

async function highlightSpans(code: string, lang: string): Promise<HighlightedCode> {
  const shiki = await getHighlighter();
  const highlightOptions = await getHighlightOptions();
  if (!shiki.getLoadedLanguages().includes(lang)) await shiki.loadLanguage(lang as never);
  const root = shiki.codeToHast(code.replace(/\n$/, ""), { ...highlightOptions, lang });
  return compactHighlightedCode(preOf(root), lang);
}

/**
 * The same block as a `<pre>` of HTML with a span per run, for a server component that renders it
 * as it is (the exercise page, whose editable layer keeps spans).
 */
export async function highlightToHtml(code: string, lang: string): Promise<string> {
  return highlightedPreHtml(await highlightSpans(code, lang));
}

/** The `<pre>` every highlighted block renders as (app/_components/mdx/highlighted-code.tsx too). */
export function highlightedPreHtml(code: HighlightedCode): string {
  return `<pre class="shiki" tabindex="0">${highlightedCodeHtml(code)}</pre>`;
}

const languageNames: Record<string, string> = {
  ts: "TypeScript",
  typescript: "TypeScript",
  tsx: "TSX",
  js: "JavaScript",
  javascript: "JavaScript",
  json: "JSON",
  bash: "Shell",
  sh: "Shell",
  shell: "Shell",
  lua: "Lua",
  http: "HTTP",
  yaml: "YAML",
  yml: "YAML",
  java: "Java",
  text: "Text",
  txt: "Text",
  plaintext: "Text",
};

/** The label a code block shows for its language. */
export function languageLabel(lang: string | undefined): string {
  if (!lang) return "Text";
  return languageNames[lang] ?? lang.toUpperCase();
}

/** The stylesheet app/code-colors.css must hold for the site's two themes. */
export async function expectedCodeColorsCss(): Promise<string> {
  const shiki = await getHighlighter();
  const palette = codePalette(shiki, codeThemes);
  return codeColorsCss(
    palette,
    themeDefaults(shiki, codeThemes),
    codePairs(shiki, codeThemes, palette),
  );
}

let pairTags: Promise<ReadonlyMap<string, string>> | undefined;

/**
 * Span tags to the short tag of their colour pair (`<span class="l9 d8">` to `<c-2>`, decision
 * 341), for lesson pages, where code is most of the HTML. Runs with a font style keep their span.
 */
export function getPairTags(): Promise<ReadonlyMap<string, string>> {
  pairTags ??= getHighlighter().then((shiki) => {
    const pairs = codePairs(shiki, codeThemes, codePalette(shiki, codeThemes));
    return new Map(pairs.map((pair, i) => [`<span class="${pair}">`, `<${pairTag(i)}>`]));
  });
  return pairTags;
}

/** The same block with its runs' tags replaced as `tags` says. */
function withTags(code: HighlightedCode, tags: ReadonlyMap<string, string>): HighlightedCode {
  return { ...code, styles: code.styles.map((style) => tags.get(style) ?? style) };
}
