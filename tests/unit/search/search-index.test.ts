import { describe, expect, test } from "vitest";
import { mdxToText, splitAtHeadings, type SearchDocument } from "@/lib/search/documents";
import {
  buildSearchIndex,
  loadSearchIndex,
  passageAround,
  searchSite,
} from "@/lib/search/search-index";

const doc = (id: string, lesson: string, title: string, text: string): SearchDocument => ({
  id,
  kind: "section",
  lesson,
  lessonHref: `/l/${lesson}`,
  title,
  href: `/l/${lesson}/${id}`,
  text,
});

describe("the site search", () => {
  test("MDX becomes plain words: code blocks, tags and markup go, inline code stays", () => {
    const text = mdxToText(
      'import X from "y";\n\n## Heading\n\nUse `allow()` and **429**, see [the docs](/x).\n\n```ts\nconst hidden = 1;\n```\n\n<RunExample id="a" />',
    );
    expect(text).toBe("Heading Use allow() and 429 , see the docs.");
  });

  test("a section is cut at its headings with the ids rehype-slug gives them", () => {
    const passages = splitAtHeadings(
      "Intro text.\n\n## Fixed window\n\nOne.\n\n### Fixed window\n\nTwo.\n",
    );
    expect(passages.map((p) => [p.heading, p.anchor])).toEqual([
      [null, null],
      ["Fixed window", "fixed-window"],
      ["Fixed window", "fixed-window-1"],
    ]);
  });

  test("results are grouped by lesson, from an index that survives JSON", () => {
    const json = buildSearchIndex([
      doc("a", "one", "Token bucket", "Tokens refill at a steady rate."),
      doc("b", "two", "Leaky bucket", "A queue drains at a steady rate."),
      doc("c", "one", "Retry-After", "Tell the client when to retry."),
    ]);
    const index = loadSearchIndex(json);
    const groups = searchSite(index, "steady rate");
    expect(groups.map((g) => g.lesson).sort()).toEqual(["one", "two"]);
    expect(searchSite(index, "retr")[0]?.hits[0]?.title).toBe("Retry-After");
    expect(searchSite(index, "x")).toEqual([]);
  });

  test("the passage is cut around the first match and marks every match in it", () => {
    const text = `${"word ".repeat(60)}the limiter admits a burst ${"more ".repeat(60)}`;
    const passage = passageAround(text, ["limiter"]);
    expect(passage.text.startsWith("…")).toBe(true);
    expect(passage.text.endsWith("…")).toBe(true);
    const [start, end] = passage.marks[0]!;
    expect(passage.text.slice(start, end)).toBe("limiter");
  });
});
