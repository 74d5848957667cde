import type { Page } from "@playwright/test";
import { findCourse, loadCatalog } from "@/lib/content/loader";
import { sectionHref } from "@/lib/content/urls";
import { expect, test } from "./fixtures";
import { hydrated, scrollSettled } from "./page-settled";

// A long lesson section's parts well below the first screen are not laid out for the first paint
// (decision 590): each stands in at an estimated height until the reader nears it or the page lays
// it out in idle time after hydrating. The reader must not be able to tell: every part gets laid
// out, and a link to a heading lands on it although the parts above it were only estimates.

const course = findCourse(loadCatalog(), "system-design")!;
const understand = sectionHref(course.slug, "rate-limiter", "understand");

/** Whether the browser has laid out each part's heading (a part opens with its h2). */
function partsLaidOut(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll(".lesson-part")].map((part) =>
      part.querySelector("h2")!.checkVisibility({ contentVisibilityAuto: true }),
    ),
  );
}

test.use({ viewport: { width: 375, height: 812 } });

test("the parts far below the first screen are not laid out before the scripts run", async ({
  page,
}) => {
  await page.route("**/_next/static/**/*.js", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
  );
  await page.goto(understand, { waitUntil: "load" });
  const laidOut = await partsLaidOut(page);
  expect(laidOut.length, "parts on Understand It").toBeGreaterThan(4);
  expect(laidOut.filter((shown) => !shown).length, "parts skipped at first").toBeGreaterThan(4);
  // What the first screen shows is laid out.
  await expect(page.locator(".prose h2").first()).toBeVisible();
});

test("once the page has hydrated, every part is laid out in idle time, top first", async ({
  page,
}) => {
  await page.goto(understand);
  expect((await partsLaidOut(page)).length, "parts on Understand It").toBeGreaterThan(4);
  await expect.poll(() => partsLaidOut(page), { timeout: 10_000 }).not.toContain(false);
  const revealed = await page.evaluate(() =>
    [...document.querySelectorAll(".lesson-part")].every((part) =>
      part.hasAttribute("data-revealed"),
    ),
  );
  expect(revealed).toBe(true);
});

test.describe("on a laptop, with smooth scrolling", () => {
  test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: "no-preference" });

  test("a contents link clicked while the parts still wait lands on its heading", async ({
    page,
  }) => {
    // No idle time ever comes: only the click can lay the parts out before the scroll.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    await page.goto(understand);
    await hydrated(page);
    expect((await partsLaidOut(page)).filter((shown) => !shown).length).toBeGreaterThan(2);

    const contents = page.getByRole("navigation", { name: "Lesson contents" });
    const link = contents.locator('a[href^="#"]').last();
    const id = decodeURIComponent((await link.getAttribute("href"))!.slice(1));
    // The last heading may sit too low for the window to bring it to the top: take one that can.
    const target = await page.evaluate((last) => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight;
      const ids = [...document.querySelectorAll<HTMLElement>(".prose h2[id]")].map((h) => h.id);
      // Laid out as they stand now (estimates), the deepest one that still fits above.
      return (
        ids.findLast((candidate) => {
          const top = document.getElementById(candidate)!.getBoundingClientRect().top;
          return top + window.scrollY < reachable * 0.8;
        }) ?? last
      );
    }, id);
    await contents.locator(`a[href="#${target}"]`).click();
    await scrollSettled(page, 400);
    const { top, margin } = await page.locator(`[id="${target}"]`).evaluate((heading) => ({
      top: heading.getBoundingClientRect().top,
      margin: parseFloat(getComputedStyle(heading).scrollMarginTop),
    }));
    expect(Math.abs(top - margin), `#${target} at ${top} px, margin ${margin} px`).toBeLessThan(4);
  });
});
