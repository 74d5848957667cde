import type { ElementContent, Properties } from "hast";
import { Fragment, isValidElement, type ReactNode } from "react";
import { hastToHtml } from "shiki/core";

// React cannot render to a string inside a server component (react-dom/server refuses the
// react-server environment), so a static island's markup from JSX is written here: host elements,
// text, fragments and components that are plain functions of their props (no hooks, not async).
// The props become hast properties (`className`, `textAnchor`, `aria-labelledby`), which
// hast-util-to-html spells as HTML and SVG attributes.

function toHast(node: ReactNode): ElementContent[] {
  if (node === null || node === undefined || typeof node === "boolean") return [];
  if (typeof node === "string" || typeof node === "number") {
    return [{ type: "text", value: String(node) }];
  }
  if (Array.isArray(node)) return node.flatMap((child: ReactNode) => toHast(child));
  if (isValidElement<Record<string, unknown> & { children?: ReactNode }>(node)) {
    const { type, props } = node;
    if (type === Fragment) return toHast(props.children);
    if (typeof type === "function") {
      const rendered = (type as (props: unknown) => ReactNode)(props);
      if (rendered instanceof Promise) throw new Error("static markup: async component");
      return toHast(rendered);
    }
    if (typeof type === "string") {
      const { children, ...properties } = props;
      if ("dangerouslySetInnerHTML" in properties || "style" in properties) {
        throw new Error(`static markup: <${type}> with dangerouslySetInnerHTML or style`);
      }
      return [
        {
          type: "element",
          tagName: type,
          properties: properties as Properties,
          children: toHast(children),
        },
      ];
    }
  }
  throw new Error("static markup: only elements, text and plain function components");
}

/** The HTML of a server-only tree with nothing to hydrate, for a static island (decision 340). */
export function staticMarkup(node: ReactNode): string {
  return hastToHtml({ type: "root", children: toHast(node) });
}
