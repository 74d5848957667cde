import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { HtmlIsland } from "@/app/_components/mdx/html-island";
import { mdxComponents } from "@/app/_components/mdx/mdx-components";
import { staticMarkup } from "@/app/_components/mdx/static-markup";
import { compileMdx } from "@/lib/content/compile-mdx";
import { htmlIslandRegistry } from "@/lib/content/html-island-registry";
import { loadCatalog } from "@/lib/content/loader";

async function render(source: string) {
  const { Content } = await compileMdx(`islands-${source.length}.mdx`, source);
  return renderToStaticMarkup(createElement(Content, { components: mdxComponents }));
}

const islandIds = (html: string) => [...html.matchAll(/data-island="([\w-]+)"/g)].map((m) => m[1]!);

test("plain prose becomes static islands whose markup the server registry holds", async () => {
  const html = await render(
    "A *plain* paragraph with `code`.\n\n<Reveal>x</Reveal>\n\n- one\n- two\n",
  );
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

test("a run of plain top-level blocks is one island that draws no box of its own", async () => {
  const html = await render("## A heading\n\nOne.\n\nTwo.\n\n<Reveal>x</Reveal>\n\nThree.\n");
  const [run, single] = islandIds(html);
  expect(islandIds(html)).toHaveLength(2);
  expect(html).toContain(`<div class="island-run" data-island="${run}">`);
  expect(htmlIslandRegistry().get(run!)).toMatch(
    /^<h2 id="a-heading">.*<\/h2>\n<p>One.<\/p>\n<p>Two.<\/p>$/,
  );
  expect(htmlIslandRegistry().get(single!)).toBe("Three.");
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

test("a drawn figure's markup is a static island with its SVG attributes spelled as in HTML", () => {
  const element = createElement(
    "svg",
    { viewBox: "0 0 10 10", role: "img", "aria-labelledby": "t" },
    createElement("text", { className: "label", x: 1, textAnchor: "end" }, "a < b"),
    createElement("marker", { refX: 2, markerWidth: 3 }),
  );
  expect(staticMarkup(element)).toBe(
    '<svg viewBox="0 0 10 10" role="img" aria-labelledby="t"><text class="label" x="1" text-anchor="end">a &#x3C; b</text><marker refX="2" markerWidth="3"></marker></svg>',
  );
});

test("a <Value> with literal attributes is text in its paragraph, which becomes a static island", async () => {
  const lesson = loadCatalog().courses[0]!.lessons[0]!;
  const source = 'Twelve instances admit <Value example="three-instances" name="limit" />.\n';
  const { Content } = await compileMdx(`${lesson.dir}/inline-value.mdx`, source, {
    values: { lessonDir: lesson.dir, className: "value" },
  });
  const html = renderToStaticMarkup(createElement(Content, { components: mdxComponents }));
  expect(html).toMatch(
    /^<p data-island="[\w-]{12}">Twelve instances admit <span class="value">[\d,.]+<\/span>\.<\/p>$/,
  );
});
