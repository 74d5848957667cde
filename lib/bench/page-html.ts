// npm run bench:page-html [-- --build-dir .next]
//
// The HTML of every reading page (home, course and lesson overviews, every section, exercise lists)
// as `next build` prerendered it: total bytes, how much of it is the framework's flight payload,
// element count, and the payload's largest rows (what to slim next). Budget: 150 KB per page.
import fs from "node:fs";
import path from "node:path";
import { htmlWeight, lessonPageBudgetBytes, lessonPagePaths } from "@/lib/bench/html-weight";
import { loadCatalog } from "@/lib/content/loader";

function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const buildDir = path.resolve(argument("build-dir", ".next"));
const verbose = process.argv.includes("--rows");
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

let over = 0;
console.log(`${"page".padEnd(56)} ${"HTML".padStart(8)} ${"payload".padStart(8)} share elements`);
for (const pagePath of lessonPagePaths(loadCatalog())) {
  const file = path.join(
    buildDir,
    "server",
    "app",
    `${pagePath === "/" ? "index" : pagePath}.html`,
  );
  if (!fs.existsSync(file)) {
    console.error(`No prerendered HTML at ${file}. Run \`next build\` first.`);
    process.exit(1);
  }
  const weight = htmlWeight(fs.readFileSync(file, "utf8"));
  const share = Math.round((100 * weight.payloadBytes) / weight.bytes);
  const flag = weight.bytes >= lessonPageBudgetBytes ? "  OVER" : "";
  if (flag) over++;
  console.log(
    `${pagePath.padEnd(56)} ${kb(weight.bytes).padStart(5)} KB ${kb(weight.payloadBytes).padStart(5)} KB ${`${share}%`.padStart(5)} ${String(weight.elements).padStart(8)}${flag}`,
  );
  if (verbose) {
    for (const row of weight.largestRows) {
      console.log(`    ${kb(row.bytes).padStart(6)} KB  ${row.start.replace(/\s+/g, " ")}`);
    }
  }
}
console.log(
  over === 0
    ? `every page under ${kb(lessonPageBudgetBytes)} KB`
    : `${over} page(s) at or over ${kb(lessonPageBudgetBytes)} KB`,
);
