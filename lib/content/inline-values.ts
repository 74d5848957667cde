import type { Element, Root } from "hast";
import { exampleValue, findExample, runExample } from "./run-example";

// A `<Value>` is text the build already knows: the figure an example returned. Written into the
// tree as a plain span before rehypeStaticIslands runs, the paragraph around it is plain markup and
// becomes a static island instead of a React tree the framework's payload repeats (decision 430).

export interface InlineValuesOptions {
  /** The lesson's folder, whose examples/ the values come from. */
  lessonDir: string;
  /** The MDX file compiled, named by build errors. */
  mdxFile: string;
  /** The class the value's span carries (the site's CSS module decides it). */
  className: string;
}

interface JsxAttribute {
  type: string;
  name?: string;
  value?: unknown;
}

interface JsxNode {
  type: string;
  name?: string | null;
  attributes?: JsxAttribute[];
  children?: JsxNode[];
}

/** The attribute's literal text; undefined for an expression (`name={…}`), left to the component. */
function literal(node: JsxNode, name: string): string | undefined {
  const found = node.attributes?.find((a) => a.type === "mdxJsxAttribute" && a.name === name);
  return typeof found?.value === "string" ? found.value : undefined;
}

function inlineValues(parent: JsxNode, options: InlineValuesOptions): void {
  if (!parent.children) return;
  parent.children = parent.children.map((node) => {
    if (node.type === "mdxJsxTextElement" && node.name === "Value") {
      const example = literal(node, "example");
      const name = literal(node, "name");
      if (example !== undefined && name !== undefined && node.attributes?.length === 2) {
        const { lessonDir, mdxFile, className } = options;
        const result = runExample(findExample(lessonDir, example, mdxFile));
        const span: Element = {
          type: "element",
          tagName: "span",
          properties: { className: [className] },
          children: [{ type: "text", value: exampleValue(result, name, mdxFile) }],
        };
        return span as unknown as JsxNode;
      }
    }
    inlineValues(node, options);
    return node;
  });
}

/** Without options (no lesson to take values from) the tree is left as it is. */
export function rehypeInlineValues(options?: InlineValuesOptions) {
  return (tree: Root) => {
    if (options) inlineValues(tree as unknown as JsxNode, options);
  };
}
