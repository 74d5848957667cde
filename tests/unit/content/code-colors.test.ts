import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { expectedCodeColorsCss } from "@/lib/content/highlight";
import { highlightToHtml } from "@/lib/content/highlight";

test("app/code-colors.css is the stylesheet the two shiki themes give (else run npm run build:code-colors)", async () => {
  const committed = fs.readFileSync(path.join(process.cwd(), "app/code-colors.css"), "utf8");
  expect(committed).toBe(await expectedCodeColorsCss());
});

test("highlighted code carries palette classes and no inline colours", async () => {
  const source = fs.readFileSync(path.join(process.cwd(), "lib/limiters/keyed-limiter.ts"), "utf8");
  const html = await highlightToHtml(source, "ts");
  expect(html).not.toContain("style=");
  expect(html).toMatch(/<span class="l\d+ d\d+">/);
  const lua = await highlightToHtml("local n = tonumber(ARGV[1]) -- a count", "lua");
  expect(lua).not.toContain("style=");
});

test("a markdown block keeps its emphasis as classes", async () => {
  const html = await highlightToHtml("*soft* and **loud**", "md");
  expect(html).toContain(" fi");
  expect(html).toContain(" fb");
  expect(html).not.toContain("style=");
});
