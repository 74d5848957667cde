import type { Element, ElementContent, Root, RootContent } from "hast";

// A long lesson section is one tall column: on a phone Understand It is about 37,000 px, and its
// first layout (every paragraph shaped, every box placed) came before anything was painted. This
// pass cuts a section at each h2 and, from the first h2 estimated to start well below the first
// screen, wraps each cut as a part, `<section class="lesson-part">` with an estimate of its height:
// the stylesheet lets the browser skip a part's layout until the reader nears it, and the page
// reveals the parts in idle time once it has hydrated (decision 590). What comes before stays as
// it was. The content is in the HTML as before: find in page, screen readers and the page without
// JavaScript see it.

/** The class of a part laid out after the first paint. */
export const LESSON_PART_CLASS = "lesson-part";

/**
 * Parts start at the first h2 whose blocks above are estimated this tall on a phone: more than two
 * phone screens, and on a laptop (wider lines, so shorter) still below its first screen.
 */
export const PARTS_AFTER_PX = 2000;

// Estimates on a 375 px phone: the prose column holds about 40 characters a line of 28 px (17 px
// text, line height 1.65). The estimate only sizes the scrollbar and decides which parts wait; a
// part's real height replaces it as soon as the part is laid out.
const CHARS_PER_LINE = 40;
const LINE_PX = 28;
const CODE_LINE_PX = 22;
const BLOCK_GAP_PX = 17;
const COMPONENT_PX = 700;

function textOf(node: ElementContent | RootContent): string {
  if (node.type === "text") return node.value;
  if ("children" in node) return (node.children as ElementContent[]).map(textOf).join("");
  return "";
}

/** Roughly how tall a top-level block is on a phone, in px. */
export function estimateBlockPx(node: RootContent): number {
  if (node.type === "text") return 0;
  // Shiki leaves each highlighted block as a root of its own around its <pre>.
  if ((node.type as string) === "root") {
    const inner = (node as unknown as Root).children;
    return inner.reduce((sum, child) => sum + estimateBlockPx(child), 0);
  }
  if (node.type === "element") {
    if (node.tagName === "h2") return 100;
    if (node.tagName === "h3" || node.tagName === "h4") return 80;
    if (node.tagName === "pre") return codeLines(node) * CODE_LINE_PX + 80;
    if (node.tagName === "table") {
      const rows = textOf(node)
        .split("\n")
        .filter((line) => line.trim() !== "").length;
      return Math.max(rows, 1) * 2 * LINE_PX + BLOCK_GAP_PX;
    }
    const items = node.tagName === "ul" || node.tagName === "ol" ? node.children.length / 2 : 0;
    return textLines(textOf(node)) * LINE_PX + items * 8 + BLOCK_GAP_PX;
  }
  const flow = node.type as string;
  if (flow === "mdxJsxFlowElement") {
    // A component that wraps prose (a callout) is its text plus a frame; one that draws its own
    // content (an example, a figure, a lab) gets a fixed guess.
    const inner = (node as { children?: RootContent[] }).children ?? [];
    const prose = inner.reduce((sum, child) => sum + estimateBlockPx(child), 0);
    return prose > 0 ? prose + 60 : COMPONENT_PX;
  }
  if (flow === "mdxFlowExpression") return COMPONENT_PX;
  return 0;
}

/** A code block's line count: after rehypeCompactCode its text is in `data-code`, as JSON. */
function codeLines(pre: Element): number {
  const data = pre.properties["dataCode"];
  let text = textOf(pre);
  if (typeof data === "string") {
    try {
      text = String((JSON.parse(data) as { text?: unknown }).text ?? "");
    } catch {
      // Not ours: count what the element holds.
    }
  }
  return text.split("\n").length;
}

function textLines(text: string): number {
  const length = text.replace(/\s+/g, " ").trim().length;
  return length === 0 ? 0 : Math.ceil(length / CHARS_PER_LINE);
}

const isH2 = (node: RootContent) => node.type === "element" && node.tagName === "h2";

function part(children: RootContent[]): Element {
  const estimate = Math.max(
    200,
    Math.round(children.reduce((sum, child) => sum + estimateBlockPx(child), 0)),
  );
  return {
    type: "element",
    tagName: "section",
    properties: { className: [LESSON_PART_CLASS], style: `--part-size:${estimate}px` },
    children: children as ElementContent[],
  };
}

/** Wraps each h2 and what follows it, from the first one well below the first screen, as a part. */
export function rehypeLessonParts() {
  return (tree: Root) => {
    const before: RootContent[] = [];
    const parts: RootContent[][] = [];
    let above = 0;
    for (const node of tree.children) {
      if (isH2(node) && (parts.length > 0 || above >= PARTS_AFTER_PX)) parts.push([]);
      if (parts.length > 0) parts.at(-1)!.push(node);
      else {
        before.push(node);
        above += estimateBlockPx(node);
      }
    }
    tree.children = [...before, ...parts.map(part)];
  };
}
