import fs from "node:fs";
import { gzipSync } from "node:zlib";
import { firstLoadBudgetKb, firstLoadScripts } from "@/lib/bench/first-load-js";
import { COMPILE_HINT } from "@/lib/build/compile-hints.mjs";
import { htmlWeight, lessonPageBudgetBytes, lessonPagePaths } from "@/lib/bench/html-weight";
import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { exerciseHref } from "@/lib/content/urls";
import { expect, test } from "./fixtures";

// The budget a reading page's HTML must stay under (issue 20, decision 250): a learner on a phone
// downloads and parses all of it, and most of it used to be the framework's payload repeating the
// markup. Measured as the server sends it, so any page an author or a component makes heavier fails.

test("every lesson page's HTML is under 150 KB", async ({ request }) => {
  const over: string[] = [];
  for (const pagePath of lessonPagePaths(loadCatalog())) {
    const response = await request.get(pagePath);
    expect(response.status(), pagePath).toBe(200);
    const weight = htmlWeight(await response.text());
    const limit = lessonPageBudgetBytes;
    if (weight.bytes >= limit) {
      const share = Math.round((100 * weight.payloadBytes) / weight.bytes);
      over.push(
        `${pagePath}: ${(weight.bytes / 1024).toFixed(1)} KB, ${share}% of it payload (limit ${limit / 1024} KB)`,
      );
    }
  }
  expect(over, "pages at or over their limit (npm run bench:page-html lists them all)").toEqual([]);
});

// The page with the most code of its own: its first load stays under the budget of issue 20, gzipped
// as a browser downloads it (npm run bench:page-weight lists its chunks from a build).
test("the exercise page's first-load JavaScript is under 150 kB gzipped", async ({ request }) => {
  const course = findCourse(loadCatalog(), "system-design")!;
  const lesson = findLesson(course, "rate-limiter")!;
  const pagePath = exerciseHref(course.slug, lesson.slug, lesson.exercises[0]!.slug);
  const response = await request.get(pagePath);
  expect(response.status(), pagePath).toBe(200);
  let gzipped = 0;
  for (const { src, counted } of firstLoadScripts(await response.text())) {
    if (!counted) continue;
    const script = await request.get(src);
    expect(script.status(), src).toBe(200);
    gzipped += gzipSync(await script.body()).length;
  }
  expect(gzipped / 1024, `${pagePath}, kB gzipped`).toBeLessThanOrEqual(firstLoadBudgetKb);
});

// Decision 530: the framework's chunks, which every page runs before it hydrates, are compiled
// eagerly off the main thread because they open with V8's compile hint; our own chunks and the
// editor's megabytes, loaded on demand, are not.
test("the framework's scripts carry V8's compile hint, and the page's own and the editor's chunks do not", async ({
  page,
}) => {
  // The build the e2e server runs (read here: the web server builds it after the files are listed).
  const { rootMainFiles } = JSON.parse(fs.readFileSync(".next/build-manifest.json", "utf8")) as {
    rootMainFiles: string[];
  };
  const framework = new Set(rootMainFiles.map((file) => `/_next/${file}`));
  const loaded = new Map<string, Promise<string>>();
  page.on("response", (response) => {
    if (/\/_next\/static\/chunks\/.*\.js$/.test(response.url())) {
      loaded.set(
        new URL(response.url()).pathname,
        response.text().catch(() => ""),
      );
    }
  });
  const course = findCourse(loadCatalog(), "system-design")!;
  const lesson = findLesson(course, "rate-limiter")!;
  await page.goto(exerciseHref(course.slug, lesson.slug, lesson.exercises[0]!.slug));
  await expect(page.locator("[data-editor-ready=true]").first()).toBeVisible({ timeout: 30_000 });

  const seen = { framework: 0, large: 0 };
  const wrong: string[] = [];
  for (const [src, body] of loaded) {
    const text = await body;
    const hinted = text.startsWith(COMPILE_HINT);
    if (framework.has(src)) {
      seen.framework += 1;
      if (!hinted) wrong.push(`${src} has no hint`);
    } else {
      if (text.length > 1_000_000) seen.large += 1;
      if (hinted) wrong.push(`${src} is hinted`);
    }
  }
  expect(seen.framework, "every framework chunk was loaded").toBe(framework.size);
  expect(seen.large, "the editor's large chunks were loaded").toBeGreaterThan(0);
  expect(wrong).toEqual([]);
});
