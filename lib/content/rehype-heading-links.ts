import type { Element, ElementContent, Root } from "hast";

// Runs after rehype-slug has given every heading a stable id (github-slugger). Turns each h2/h3 into
// a link to itself, so every heading has a visible, clickable anchor, and records the headings for the
// page's table of contents. An h1 in a section is refused: the page's h1 is the section title.

export interface HeadingEntry {
  id: string;
  text: string;
  depth: 2 | 3;
}

export interface HeadingLinksOptions {
  /** Filled with the document's h2/h3 headings, in order. */
  headings?: HeadingEntry[];
}

export function rehypeHeadingLinks(options: HeadingLinksOptions = {}) {
  return (tree: Root) => {
    visitElements(tree, (node) => {
      if (node.tagName === "h1") {
        throw new Error(
          "a section may not contain a level-1 heading (# ...): the page's only h1 is the section title; use ## instead",
        );
      }
      if (node.tagName !== "h2" && node.tagName !== "h3") return;
      const id = node.properties["id"];
      if (typeof id !== "string") return;
      const text = textOf(node).trim();
      options.headings?.push({ id, text, depth: node.tagName === "h2" ? 2 : 3 });
      // A link may not contain a link; a heading that already holds one gets a trailing "#" instead.
      if (containsLink(node)) {
        node.children.push(anchor(id, [{ type: "text", value: "#" }], `Link to “${text}”`));
      } else {
        node.children = [anchor(id, node.children)];
      }
    });
  };
}

function anchor(id: string, children: ElementContent[], label?: string): Element {
  return {
    type: "element",
    tagName: "a",
    properties: {
      href: `#${id}`,
      className: ["heading-anchor"],
      ...(label ? { ariaLabel: label } : {}),
    },
    children,
  };
}

type Parent = { children?: unknown[] };

/** Visits every element, including those nested inside MDX components such as <Callout>. */
function visitElements(node: Parent, visit: (element: Element) => void): void {
  for (const child of node.children ?? []) {
    if ((child as Element).type === "element") visit(child as Element);
    visitElements(child as Parent, visit);
  }
}

function containsLink(node: Element): boolean {
  return node.children.some(
    (child) => child.type === "element" && (child.tagName === "a" || containsLink(child)),
  );
}

function textOf(node: Element | ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}
