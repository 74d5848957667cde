import { createProcessor } from "@mdx-js/mdx";
import type { Element, Root } from "hast";
import rehypeSlug from "rehype-slug";
import remarkGfm from "remark-gfm";

// What content:check needs to know about one MDX file: its headings (with the ids the site gives
// them), its links and its components, each with a line number. The file goes through the same
// remark-gfm + rehype-slug steps as the site's compile (lib/content/compile-mdx.ts), so a heading id
// here is the id the page has, and a link's anchor can be checked against it.

export interface OutlineHeading {
  id: string;
  depth: number;
  text: string;
  line?: number;
}

export interface OutlineLink {
  href: string;
  line?: number;
}

/** A literal attribute is its string; `{…}` is kept as its source so a check can say it cannot tell. */
export type AttributeValue = string | { expression: string } | true;

export interface OutlineElement {
  name: string;
  attributes: Record<string, AttributeValue>;
  line?: number;
}

export interface MdxOutline {
  headings: OutlineHeading[];
  links: OutlineLink[];
  elements: OutlineElement[];
}

export type OutlineResult =
  { ok: true; outline: MdxOutline } | { ok: false; line?: number; message: string };

/** `body` is the file without its frontmatter, line numbers preserved (lib/content's readMdxFile). */
export async function outlineMdx(file: string, body: string): Promise<OutlineResult> {
  const outline: MdxOutline = { headings: [], links: [], elements: [] };
  const processor = createProcessor({
    remarkPlugins: [remarkGfm],
    rehypePlugins: [rehypeSlug, () => (tree: Root) => collect(tree, outline)],
  });
  try {
    const tree = processor.parse({ value: body, path: file });
    // parse() yields mdast; run() is typed for the estree it ends with, but starts from mdast.
    await processor.run(tree as never, { value: body, path: file } as never);
  } catch (caught) {
    const place = (caught as { place?: { line?: number; start?: { line?: number } } }).place;
    const line = place?.line ?? place?.start?.line;
    const message =
      (caught as { reason?: string }).reason ??
      (caught instanceof Error ? caught.message : String(caught));
    return { ok: false, message, ...(line ? { line } : {}) };
  }
  return { ok: true, outline };
}

interface JsxNode {
  type: "mdxJsxFlowElement" | "mdxJsxTextElement";
  name: string | null;
  attributes: { type: string; name?: string; value?: unknown }[];
  children?: unknown[];
  position?: { start: { line: number } };
}

function collect(node: { children?: unknown[] }, outline: MdxOutline): void {
  for (const child of node.children ?? []) {
    const typed = child as { type: string; position?: { start: { line: number } } };
    const line = typed.position?.start.line;
    if (typed.type === "element") {
      const element = child as Element;
      const rank = /^h([1-6])$/.exec(element.tagName)?.[1];
      const id = element.properties["id"];
      if (rank && typeof id === "string") {
        outline.headings.push({ id, depth: Number(rank), text: textOf(element), ...at(line) });
      }
      const href = element.properties["href"];
      if (element.tagName === "a" && typeof href === "string") {
        outline.links.push({ href, ...at(line) });
      }
    } else if (typed.type === "mdxJsxFlowElement" || typed.type === "mdxJsxTextElement") {
      const jsx = child as JsxNode;
      if (jsx.name) {
        const attributes = attributesOf(jsx);
        outline.elements.push({ name: jsx.name, attributes, ...at(line) });
        const href = attributes["href"];
        if (typeof href === "string") outline.links.push({ href, ...at(line) });
      }
    }
    collect(child as { children?: unknown[] }, outline);
  }
}

function attributesOf(node: JsxNode): Record<string, AttributeValue> {
  const attributes: Record<string, AttributeValue> = {};
  for (const attribute of node.attributes) {
    if (attribute.type !== "mdxJsxAttribute" || !attribute.name) continue;
    const value = attribute.value;
    if (value === null || value === undefined) attributes[attribute.name] = true;
    else if (typeof value === "string") attributes[attribute.name] = value;
    else attributes[attribute.name] = { expression: String((value as { value?: unknown }).value) };
  }
  return attributes;
}

function at(line: number | undefined): { line?: number } {
  return line ? { line } : {};
}

function textOf(node: unknown): string {
  const typed = node as { type: string; value?: unknown; children?: unknown[] };
  if (typed.type === "text") return String(typed.value);
  return (typed.children ?? []).map(textOf).join("");
}
