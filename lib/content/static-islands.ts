import type { Element, ElementContent, Root, RootContent } from "hast";
import { hastToHtml } from "shiki/core";
import { LESSON_PART_CLASS } from "./lesson-parts";

// The framework's payload repeats every server component's output, so a lesson's prose travelled
// twice: once as HTML, once as a JSON tree for React to hydrate. Prose has nothing to hydrate. After
// the other plugins, each top-level paragraph, heading, list, quote or table that holds only plain
// markup becomes `<StaticHtml as="p" html="…" />` (blocks inside a <Callout> or a <Reveal> too): its markup goes into the HTML once, as a static
// island whose payload is an id (decision 340). A block holding an MDX component (a <Value>, say),
// code, or a site link (which navigates client-side) stays a React tree.

/**
 * The component this pass writes into a lesson's tree. The site renders it, but it is not part of
 * the authors' vocabulary: content:check refuses it in what an author writes.
 */
export const STATIC_ISLAND_COMPONENT = "StaticHtml";

const islandTags = new Set(["p", "h2", "h3", "h4", "ul", "ol", "blockquote", "table"]);

/** A block that is plain markup all the way down, and whose own attributes an island can carry. */
function isStatic(node: Element): boolean {
  const ownProperties = Object.keys(node.properties).every(
    (name) => name === "id" || name === "className",
  );
  return ownProperties && node.children.every(isPlainContent);
}

function isPlainContent(node: ElementContent): boolean {
  if (node.type === "text") return true;
  if (node.type !== "element") return false;
  if (node.tagName === "pre") return false;
  const href = node.properties["href"];
  if (node.tagName === "a" && typeof href === "string" && href.startsWith("/")) return false;
  return node.children.every(isPlainContent);
}

function attribute(name: string, value: string) {
  return { type: "mdxJsxAttribute" as const, name, value };
}

function island(node: Element): RootContent {
  const { id, className } = node.properties;
  const classes = Array.isArray(className) ? className.join(" ") : className;
  return {
    type: "mdxJsxFlowElement",
    name: STATIC_ISLAND_COMPONENT,
    attributes: [
      attribute("as", node.tagName),
      attribute("html", hastToHtml({ type: "root", children: node.children })),
      ...(typeof id === "string" ? [attribute("id", id)] : []),
      ...(typeof classes === "string" && classes !== "" ? [attribute("className", classes)] : []),
    ],
    children: [],
  } as unknown as RootContent;
}

type Parent = { children: RootContent[] };

/**
 * The class of an island holding a run of top-level blocks: it draws no box of its own
 * (`display: contents`, globals.css), so the blocks lay out as the prose's own children.
 */
export const ISLAND_RUN_CLASS = "island-run";

function isIslandBlock(node: RootContent): node is Element {
  return node.type === "element" && islandTags.has(node.tagName) && isStatic(node);
}

/** A part of a lesson section (lib/content/lesson-parts.ts): its blocks are top-level blocks too. */
function isLessonPart(node: RootContent): node is Element {
  if (node.type !== "element" || node.tagName !== "section") return false;
  const className = node.properties["className"];
  return Array.isArray(className) && className.includes(LESSON_PART_CLASS);
}

const isBlankText = (node: RootContent) => node.type === "text" && node.value.trim() === "";

/** Blocks directly inside a block component (a <Callout>'s paragraphs), one island each. */
function islandBlocks(parent: Parent): void {
  parent.children = parent.children.map((node) => {
    if (isIslandBlock(node)) return island(node);
    if ((node.type as string) === "mdxJsxFlowElement") islandBlocks(node as unknown as Parent);
    return node;
  });
}

/**
 * Top-level blocks: consecutive plain blocks make one island (an id in the payload and one
 * component to hydrate for a run of paragraphs and headings, not one each); the line breaks
 * between blocks, which render as nothing, leave the payload.
 */
function islandRuns(root: Parent): void {
  const children: RootContent[] = [];
  let run: Element[] = [];
  const endRun = () => {
    if (run.length === 1) children.push(island(run[0]!));
    if (run.length > 1) {
      const blocks = run.flatMap((block, i): ElementContent[] =>
        i === 0 ? [block] : [{ type: "text", value: "\n" }, block],
      );
      const properties = { className: [ISLAND_RUN_CLASS] };
      children.push(island({ type: "element", tagName: "div", properties, children: blocks }));
    }
    run = [];
  };
  for (const node of root.children) {
    if (isBlankText(node)) continue;
    if (isLessonPart(node)) {
      islandRuns(node as unknown as Parent);
      endRun();
      children.push(node);
      continue;
    }
    if (isIslandBlock(node)) {
      run.push(node);
      continue;
    }
    endRun();
    if ((node.type as string) === "mdxJsxFlowElement") islandBlocks(node as unknown as Parent);
    children.push(node);
  }
  endRun();
  root.children = children;
}

export function rehypeStaticIslands() {
  return (tree: Root) => islandRuns(tree);
}
