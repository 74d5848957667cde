import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { mdxComponents } from "@/app/_components/mdx/mdx-components";
import { compileMdx } from "@/lib/content/compile-mdx";
import { languageLabel } from "@/lib/content/highlight";
import { readLimiterSource } from "@/lib/content/limiter-source";

async function render(source: string, file = "test.mdx") {
  const { Content, headings } = await compileMdx(file, source);
  return {
    html: renderToStaticMarkup(createElement(Content, { components: mdxComponents })),
    headings,
  };
}

describe("the MDX pipeline", () => {
  test("gives every h2 and h3 a stable id and makes it a link to itself", async () => {
    const { html } = await render("## The token bucket\n\n### Three properties\n");
    expect(html).toContain(
      '<h2 id="the-token-bucket"><a href="#the-token-bucket" class="heading-anchor">The token bucket</a></h2>',
    );
    expect(html).toContain('<h3 id="three-properties"><a href="#three-properties"');
  });

  test("collects the headings for the table of contents, de-duplicating repeated ids", async () => {
    const { headings } = await render("## Scenario\n\n### Why\n\n## Scenario\n");
    expect(headings).toEqual([
      { id: "scenario", text: "Scenario", depth: 2 },
      { id: "why", text: "Why", depth: 3 },
      { id: "scenario-1", text: "Scenario", depth: 2 },
    ]);
  });

  test("a heading that already holds a link gets a separate # anchor instead of a nested link", async () => {
    const { html } = await render("## See [the notes](https://example.com)\n");
    expect(html).toContain(
      '<a href="#see-the-notes" class="heading-anchor" aria-label="Link to “See the notes”">#</a>',
    );
    expect(html).not.toMatch(/<a[^>]*heading-anchor[^>]*>See/);
  });

  test("highlights code at build time with both themes and records the language", async () => {
    const { html } = await render("```ts\nconst limit: number = 100;\n```\n");
    // A static island: the markup is written once, the payload carries only its id.
    expect(html).toMatch(/<pre class="shiki" tabindex="0" data-island="[\w-]{12}">/);
    expect(html).toMatch(/codeLabel[^"]*">TypeScript<\/span>/);
    // Each token's tag names its pair of colours (light and dark); app/code-colors.css has both.
    expect(html).toMatch(/<c-\d+>const<\/c-\d+>/);
    // No colour is inline: the one style is the block's line count, its height while it is off
    // screen (decision 480).
    expect(html.match(/style="[^"]*"/g)).toEqual(['style="--code-lines:1"']);
  });

  test("writes one span per run of a colour, and none for text in the default colour", async () => {
    const { html } = await render("```ts\nconst limit = 100;\nlet a = limit;\n```\n");
    const code = /<code>(.*)<\/code>/s.exec(html)![1]!;
    expect(code).not.toContain('class="line"');
    // `;` is in the default colour: bare text, after the number's span.
    expect(code).toMatch(/100<\/c-\d+>;\n/);
    expect(code.replace(/<[^>]+>/g, "")).toBe("const limit = 100;\nlet a = limit;");
  });

  test("a fence without a language is plain text, still a highlighted block", async () => {
    const { html } = await render("```\nt=59s fixed=100\n```\n");
    expect(html).toMatch(/codeLabel[^"]*">Text<\/span>/);
    expect(html).toMatch(/<pre class="shiki" tabindex="0" data-island=/);
  });

  test("tables from GitHub-flavoured markdown are supported", async () => {
    const { html } = await render("| offered | log |\n| --- | --- |\n| 30/min | 308 |\n");
    expect(html).toContain("<td>308</td>");
  });

  test("a level-1 heading in content is refused, because the page title is the only h1", async () => {
    await expect(render("# Title\n", "/lessons/x/sections/01.a.mdx")).rejects.toThrow(
      "/lessons/x/sections/01.a.mdx: a section may not contain a level-1 heading",
    );
  });

  test("a syntax error names the file and the line", async () => {
    await expect(render("\n\nSome text <Broken\n", "/x/02.b.mdx")).rejects.toThrow(
      /^\/x\/02\.b\.mdx: line 3: /,
    );
  });

  test("an unknown code language fails the build naming the language", async () => {
    await expect(render("```no-such-language\nx\n```\n", "/x/03.c.mdx")).rejects.toThrow(
      /\/x\/03\.c\.mdx: .*no-such-language/,
    );
  });

  test("code blocks are labelled with a readable language name", () => {
    expect(languageLabel("ts")).toBe("TypeScript");
    expect(languageLabel("lua")).toBe("Lua");
    expect(languageLabel(undefined)).toBe("Text");
    expect(languageLabel("rust")).toBe("RUST");
  });
});

describe("LimiterSource", () => {
  test("reads a file from lib/limiters", () => {
    expect(readLimiterSource("token-bucket.ts", "x.mdx")).toContain("export class TokenBucket");
  });

  test("an unknown file fails, naming the MDX file and the file asked for", () => {
    expect(() => readLimiterSource("no-such-limiter.ts", "/x/03.reference.mdx")).toThrow(
      '/x/03.reference.mdx: <LimiterSource file="no-such-limiter.ts">: no such file in lib/limiters',
    );
  });

  test("a path that tries to leave lib/limiters is refused", () => {
    expect(() => readLimiterSource("../env.ts", "x.mdx")).toThrow("no such file in lib/limiters");
  });
});
