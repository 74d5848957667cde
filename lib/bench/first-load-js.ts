// The JavaScript a page's HTML makes a browser download before the page works: every
// /_next/static .js file it references. Scripts marked `nomodule` (Next's legacy polyfills) are not
// counted: a browser that runs modules never downloads them. Shared by `npm run bench:page-weight`
// (from a build's .next/) and the e2e budget test (tests/e2e/page-weight.spec.ts, as served).

/** A page's first-load JavaScript stays under this many kB gzipped (issue 20). */
export const firstLoadBudgetKb = 150;

const chunkPattern = /\/_next\/static\/[^"'\s)]+?\.js/;

/** The page's scripts, once each, and whether a browser that runs modules downloads them. */
export function firstLoadScripts(html: string): { src: string; counted: boolean }[] {
  const noModule = new Set(
    (html.match(/<script[^>]*\bnoModule\b[^>]*>/gi) ?? []).map(
      (tag) => chunkPattern.exec(tag)?.[0],
    ),
  );
  const scripts = [...new Set(html.match(new RegExp(chunkPattern, "g")) ?? [])];
  return scripts.map((src) => ({ src, counted: !noModule.has(src) }));
}
