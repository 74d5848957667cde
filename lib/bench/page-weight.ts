// npm run bench:page-weight [-- --path /courses/system-design/rate-limiter/understand]
//
// The first-load JavaScript of a prerendered page, as a browser downloads it (first-load-js.ts),
// gzipped. Scripts marked `nomodule` are listed but not counted. Reads the output of `next build`
// from .next/, so no server is needed. Also reports whether any chunk carries the Monaco editor,
// which must never load on a reading page.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { firstLoadBudgetKb as budgetKb, firstLoadScripts } from "./first-load-js";

function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const pagePath = argument("path", "/courses/system-design/rate-limiter/understand");
const buildDir = path.resolve(argument("build-dir", ".next"));
const htmlFile = path.join(
  buildDir,
  "server",
  "app",
  `${pagePath === "/" ? "index" : pagePath}.html`,
);

if (!fs.existsSync(htmlFile)) {
  console.error(
    `No prerendered HTML at ${htmlFile}. Run \`next build\` first; is ${pagePath} static?`,
  );
  process.exit(1);
}

const html = fs.readFileSync(htmlFile, "utf8");
const chunks = firstLoadScripts(html);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

let rawTotal = 0;
let gzipTotal = 0;
const monaco: string[] = [];
const rows = chunks.map(({ src: chunk, counted }) => {
  const file = path.join(buildDir, "static", chunk.slice("/_next/static/".length));
  const source = fs.readFileSync(file);
  const gzipped = gzipSync(source).length;
  if (counted) {
    rawTotal += source.length;
    gzipTotal += gzipped;
  }
  if (/monaco-editor|monaco\.editor|MonacoEnvironment/.test(source.toString("utf8"))) {
    monaco.push(chunk);
  }
  return { chunk: path.basename(chunk), raw: source.length, gzip: gzipped, counted };
});

console.log(`Page ${pagePath}`);
console.log(`HTML: ${kb(Buffer.byteLength(html))} kB raw, ${kb(gzipSync(html).length)} kB gzip`);
console.log(`JavaScript chunks referenced: ${chunks.length}`);
for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
  const note = row.counted ? "" : "  (nomodule: not downloaded by modern browsers)";
  console.log(
    `  ${row.chunk.padEnd(28)} ${kb(row.raw).padStart(7)} kB ${kb(row.gzip).padStart(7)} kB gz${note}`,
  );
}
console.log(
  `First-load JS: ${kb(rawTotal)} kB raw, ${kb(gzipTotal)} kB gzip (budget ${budgetKb} kB)`,
);
console.log(gzipTotal / 1024 <= budgetKb ? "within budget" : "OVER BUDGET");
console.log(monaco.length === 0 ? "Monaco: not loaded" : `Monaco: LOADED by ${monaco.join(", ")}`);
