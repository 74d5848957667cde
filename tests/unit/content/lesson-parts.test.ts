import type { Element, RootContent } from "hast";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { mdxComponents } from "@/app/_components/mdx/mdx-components";
import { compileMdx } from "@/lib/content/compile-mdx";
import { estimateBlockPx, PARTS_AFTER_PX } from "@/lib/content/lesson-parts";

async function render(source: string, parts = true) {
  const { Content } = await compileMdx(`parts-${source.length}-${parts}.mdx`, source, { parts });
  return renderToStaticMarkup(createElement(Content, { components: mdxComponents }));
}

/** A paragraph of `lines` phone lines (40 characters each). */
const paragraph = (lines: number, word = "words") =>
  Array.from({ length: lines * 8 }, () => word.padEnd(4, "s")).join(" ");

/** `screens` phone screens of prose under one heading. */
const block = (heading: string, screens: number) =>
  `## ${heading}\n\n${Array.from({ length: screens * 3 }, () => paragraph(9)).join("\n\n")}\n`;

const parts = (html: string) => [
  ...html.matchAll(/<section class="lesson-part" style="--part-size:(\d+)px">/g),
];

test("a long section's h2s from about two phone screens down each become a part with a height", async () => {
  const html = await render(
    block("First", 1) + block("Second", 2) + block("Third", 2) + block("Fourth", 1),
  );
  const found = parts(html);
  // The first two headings start above the line; the third and fourth start parts.
  expect(found).toHaveLength(2);
  expect(html.indexOf('id="third"')).toBeGreaterThan(html.indexOf(found[0]![0]));
  expect(html.indexOf('id="second"')).toBeLessThan(html.indexOf(found[0]![0]));
  const [third, fourth] = found.map((match) => Number(match[1]));
  // Two screens of prose are estimated about twice as tall as one.
  expect(third! / fourth!).toBeGreaterThan(1.6);
  expect(third! / fourth!).toBeLessThan(2.4);
  expect(html.match(/<section/g)).toHaveLength(2);
});

test("a short section has no parts, and without the option nothing is wrapped", async () => {
  expect(parts(await render(block("Only", 1) + block("Short", 1)))).toHaveLength(0);
  const long = block("First", 3) + block("Second", 2);
  expect(parts(await render(long))).toHaveLength(1);
  expect(await render(long, false)).not.toContain("<section");
});

test("the plain blocks of a part are still static islands, a run of them one island", async () => {
  const html = await render(block("First", 3) + "## Later\n\nOne.\n\nTwo.\n");
  const part = html.slice(html.indexOf('<section class="lesson-part"'));
  expect(part).toMatch(
    /^<section[^>]*><div class="island-run" data-island="[\w-]+"><h2 id="later">/,
  );
  expect(part).toContain("<p>One.</p>\n<p>Two.</p></div></section>");
});

test("a code block counts its lines, a component it cannot see into a fixed guess", () => {
  const pre = (lines: number): RootContent => ({
    type: "element",
    tagName: "pre",
    properties: { dataCode: JSON.stringify({ text: Array(lines).fill("x").join("\n") }) },
    children: [],
  });
  expect(estimateBlockPx(pre(40)) - estimateBlockPx(pre(10))).toBe(30 * 22);
  const example = { type: "mdxJsxFlowElement", name: "RunExample", attributes: [], children: [] };
  expect(estimateBlockPx(example as unknown as RootContent)).toBeGreaterThan(300);
  const heading: Element = { type: "element", tagName: "h2", properties: {}, children: [] };
  expect(estimateBlockPx(heading)).toBeLessThan(PARTS_AFTER_PX);
});
