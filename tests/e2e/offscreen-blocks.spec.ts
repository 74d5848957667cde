import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { expect, test } from "./fixtures";

// Long lesson sections skip the layout of code, printed output and drawings until they come near
// the screen (content-visibility). A skipped block stands in with an estimated height: if the
// estimate were far off, the page would jump as the reader scrolled, and a link to a heading would
// land somewhere else once the blocks above it were laid out.

const course = findCourse(loadCatalog(), "system-design")!;
const lesson = findLesson(course, "rate-limiter")!;
const understand = `/courses/${course.slug}/${lesson.slug}/understand`;

// Reduced motion: the jump to a heading is then immediate, not a smooth scroll still under way.
test.use({ viewport: { width: 375, height: 812 }, reducedMotion: "reduce" });

test("blocks below the fold are not laid out until the reader nears them", async ({ page }) => {
  await page.goto(understand);
  const skipped = await page.evaluate(() => {
    const blocks = [...document.querySelectorAll(".prose figure[style] > pre")];
    return blocks.map((block) => getComputedStyle(block).contentVisibility);
  });
  expect(skipped.length).toBeGreaterThan(5);
  expect(new Set(skipped)).toEqual(new Set(["auto"]));
});

test("each skipped block stands in with its real height, within 5%, on a phone", async ({
  page,
}) => {
  await page.goto(understand);
  const blocks = page.locator(".prose figure[style] > pre");
  const count = await blocks.count();
  expect(count).toBeGreaterThan(5);
  const off: string[] = [];
  let measured = 0;
  for (let index = count - 1; index >= 0; index--) {
    const block = blocks.nth(index);
    // Read while the block is still skipped (far below): that height is the stand-in's.
    // (A skipped element's own box is drawn; what it holds is what is skipped.)
    const standIn = await block.evaluate((element) =>
      element.firstElementChild!.checkVisibility({ contentVisibilityAuto: true })
        ? null
        : element.getBoundingClientRect().height,
    );
    if (standIn === null) continue;
    await block.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        block.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true })),
      )
      .toBe(true);
    const real = await block.evaluate((element) => element.getBoundingClientRect().height);
    measured++;
    if (Math.abs(real - standIn) > real * 0.05)
      off.push(`block ${index}: ${standIn} vs ${real} px`);
  }
  expect(measured, "blocks that were skipped at first").toBeGreaterThan(5);
  expect(off).toEqual([]);
});

test("a link to a heading deep in the section lands on that heading", async ({ page }) => {
  await page.goto(understand);
  // A heading with plenty of page below it (the last ones cannot reach the top of the window).
  const { id, blocksAbove } = await page.evaluate(() => {
    const headings = [...document.querySelectorAll<HTMLElement>(".prose h2[id], .prose h3[id]")];
    const deep = headings[Math.floor(headings.length * 0.6)]!;
    const blocks = [...document.querySelectorAll(".prose figure[style] > pre")];
    const above = blocks.filter(
      (block) => block.compareDocumentPosition(deep) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    return { id: deep.id, blocksAbove: above.length };
  });
  expect(blocksAbove, "skipped blocks between the top and the heading").toBeGreaterThan(5);
  const fresh = await page.context().newPage();
  await fresh.goto(`${understand}#${id}`);
  const heading = fresh.locator(`[id="${id}"]`);
  // Read once the page has hydrated and the blocks around the heading have been laid out: the
  // heading sits at its scroll margin (1.5rem), wherever the stand-ins above it put it at first.
  await expect
    .poll(async () => Math.round((await heading.boundingBox())!.y), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(16);
  await fresh.waitForTimeout(1000);
  const top = (await heading.boundingBox())!.y;
  expect(Math.abs(top - 24)).toBeLessThan(12);
});
