import { gzipSync } from "node:zlib";
import { firstLoadBudgetKb, firstLoadScripts } from "@/lib/bench/first-load-js";
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
