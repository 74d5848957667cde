import type { Element, ElementContent, Root } from "hast";
import type { HighlightedCode } from "./highlighted-code";

// Shiki's HTML is a span per token and a span per line. For the page we keep only what changes how
// the code looks: adjacent tokens of one colour become one run, whitespace joins its neighbour (a
// space has no visible colour), and text in the block's default colour gets no span at all (the
// palette transformer already left those tokens without a class). Line spans carry nothing we style.

interface Run {
  /** The span's opening tag, "" for default-coloured text. */
  style: string;
  text: string;
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/** Text as HTML element content. */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (character) => escapes[character]!);
}

function attributeValue(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
}

/** Shiki writes `class` as a string, rehype and our transformer `className` as a list. */
function classesOf(element: Element): string[] {
  const names = [element.properties["class"], element.properties["className"]].flatMap((value) =>
    Array.isArray(value) ? value.map(String) : typeof value === "string" ? value.split(" ") : [],
  );
  return names.filter((name) => name !== "");
}

function styleOf(span: Element): string {
  const names = classesOf(span).filter((name) => name !== "line");
  const style = span.properties["style"];
  const parts: string[] = [];
  if (names.length > 0) parts.push(`class="${attributeValue(names.join(" "))}"`);
  if (typeof style === "string" && style !== "") parts.push(`style="${attributeValue(style)}"`);
  return parts.length > 0 ? `<span ${parts.join(" ")}>` : "";
}

/** Underline, strike-through and any inline style show on whitespace too; colours do not. */
function showsOnWhitespace(style: string): boolean {
  return /\bf[us]\b|style=/.test(style);
}

function textOf(node: ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}

function collectRuns(nodes: readonly ElementContent[], runs: Run[]): void {
  for (const node of nodes) {
    if (node.type === "text") {
      addRun(runs, "", node.value);
    } else if (node.type === "element") {
      const isLine = classesOf(node).includes("line");
      const isToken = !isLine && node.children.every((child) => child.type === "text");
      if (isToken) addRun(runs, styleOf(node), textOf(node));
      else collectRuns(node.children, runs);
    }
  }
}

function addRun(runs: Run[], style: string, text: string): void {
  if (text === "") return;
  const last = runs.at(-1);
  const blank = text.trim() === "";
  if (last && (last.style === style || (blank && !showsOnWhitespace(last.style)))) {
    last.text += text;
  } else if (last && last.text.trim() === "" && !showsOnWhitespace(style)) {
    // Whitespace that opened the run so far takes this token's colour.
    last.style = style;
    last.text += text;
  } else {
    runs.push({ style, text });
  }
}

/** The `<pre>` shiki produced, as text and coloured runs. */
export function compactHighlightedCode(pre: Element, language: string): HighlightedCode {
  const runs: Run[] = [];
  collectRuns(pre.children, runs);
  const styles: string[] = [];
  const encoded: number[] = [];
  let text = "";
  for (const run of runs) {
    const escaped = escapeText(run.text);
    text += escaped;
    let index = 0;
    if (run.style !== "") {
      index = styles.indexOf(run.style) + 1;
      if (index === 0) index = styles.push(run.style);
    }
    encoded.push(escaped.length, index);
  }
  return { language, text, styles, runs: encoded };
}

/** The `<pre>` element of a hast tree shiki produced for one block. */
export function preOf(root: Root): Element {
  const pre = root.children.find(
    (node): node is Element => node.type === "element" && node.tagName === "pre",
  );
  if (!pre) throw new Error("shiki produced no <pre>");
  return pre;
}

/**
 * For MDX: after shiki, each highlighted `<pre>` is replaced by an empty one whose `data-code` holds
 * the compact block as JSON; the `pre` component (CodeBlock) renders it. Every other element stays.
 */
export function rehypeCompactCode(
  options: { tags?: ReadonlyMap<string, string>; islands?: boolean } = {},
) {
  const tags = options.tags ?? new Map<string, string>();
  // Without islands (content shown only later, decision 340), CodeBlock renders the markup itself.
  const properties = options.islands === false ? { dataStatic: "false" } : {};
  return (tree: Root) => {
    // @shikijs/rehype puts each highlighted block in as a root node of its own, hence `root` here.
    const visit = (node: Root | Element) => {
      node.children.forEach((child, index) => {
        if ((child.type as string) === "root") return visit(child as unknown as Root);
        if (child.type !== "element") return;
        if (child.tagName === "pre" && classesOf(child).includes("shiki")) {
          const language = String(child.properties["dataLanguage"] ?? "text");
          const compact = compactHighlightedCode(child, language);
          const code = { ...compact, styles: compact.styles.map((tag) => tags.get(tag) ?? tag) };
          node.children[index] = {
            type: "element",
            tagName: "pre",
            properties: { dataCode: JSON.stringify(code), ...properties },
            children: [],
          };
        } else {
          visit(child);
        }
      });
    };
    visit(tree);
  };
}
