import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { HtmlIsland } from "@/app/_components/mdx/html-island";
import { mdxComponents } from "@/app/_components/mdx/mdx-components";
import { compileMdx } from "@/lib/content/compile-mdx";
import { htmlIslandRegistry } from "@/lib/content/html-island-registry";

async function render(source: string) {
  const { Content } = await compileMdx(`islands-${source.length}.mdx`, source);
  return renderToStaticMarkup(createElement(Content, { components: mdxComponents }));
}

const islandIds = (html: string) => [...html.matchAll(/data-island="([\w-]+)"/g)].map((m) => m[1]!);

test("plain prose becomes static islands whose markup the server registry holds", async () => {
  const html = await render("A *plain* paragraph with `code`.\n\n- one\n- two\n");
  expect(html).toMatch(
    /<p data-island="[\w-]{12}">A <em>plain<\/em> paragraph with <code>code<\/code>\.<\/p>/,
  );
  expect(html).toMatch(/<ul data-island="[\w-]{12}">/);
  const ids = islandIds(html);
  expect(ids).toHaveLength(2);
  expect(htmlIslandRegistry().get(ids[0]!)).toBe(
    "A <em>plain</em> paragraph with <code>code</code>.",
  );
});

test("a paragraph with a site link stays a React tree (the link navigates client-side)", async () => {
  const html = await render(
    "See [the course](/courses/system-design).\n\nSee [MDN](https://developer.mozilla.org).\n",
  );
  const [site, external] = html.split("</p>");
  expect(site).not.toContain("data-island");
  expect(site).toContain('href="/courses/system-design"');
  expect(external).toContain("data-island");
});

test("a block holding an MDX component stays a React tree", async () => {
  const html = await render(
    'Before <Callout type="note">inside</Callout>\n\n<Callout type="note">\nA note.\n</Callout>\n',
  );
  expect(html).toContain("inside");
  expect(html).toContain("A note.");
  expect(islandIds(html)).toHaveLength(1);
});

test("rendering an island the registry does not hold fails instead of losing the content", () => {
  expect(() =>
    renderToStaticMarkup(createElement(HtmlIsland, { as: "p", island: "not-a-real-id" })),
  ).toThrow(/not-a-real-id is not in this process/);
});
