import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { highlightCode, highlightedPreHtml } from "@/lib/content/highlight";
import { highlightedCodeHtml } from "@/lib/content/highlighted-code";

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

test("a highlighted block reads back as exactly its source, markup characters included", async () => {
  const source = 'const ok = a < b && b > c ? "<b>&amp;</b>" : `${a}`;\n\n  // done\n';
  const code = await highlightCode(source, "ts");
  expect(decode(highlightedCodeHtml(code))).toBe(source.replace(/\n$/, ""));
  expect(highlightedCodeHtml(code)).not.toMatch(/<(?!\/?(span|code|c-\d+)\b)/);
});

test("a whole file needs far fewer coloured runs than tokens, and no line spans", async () => {
  const source = fs.readFileSync(path.join(process.cwd(), "lib/limiters/token-bucket.ts"), "utf8");
  const code = await highlightCode(source, "ts");
  const html = highlightedPreHtml(code);
  expect(decode(html)).toBe(source.replace(/\n$/, ""));
  expect(html).not.toContain('class="line"');
  const spans = html.match(/<(span|c-\d+)[ >]/g)?.length ?? 0;
  const lines = source.split("\n").length;
  // Shiki wrote a span per line and per token (about 8 per line here); runs of one colour merge.
  expect(spans).toBeLessThan(lines * 3);
});
