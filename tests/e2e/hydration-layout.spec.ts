import type { Page } from "@playwright/test";
import { findCourse, loadCatalog } from "@/lib/content/loader";
import { lessonHref, sectionHref } from "@/lib/content/urls";
import { expect, test } from "./fixtures";
import { hydrated, scrollSettled } from "./page-settled";

// A lesson page is static HTML that React then hydrates. Whatever the hydrated page draws must
// already hold its place in the server's HTML: a bar or a widget that appears at hydration pushes
// everything below it down, and a link to a heading, smooth-scrolled to the spot the server's HTML
// gave it, ends up hundreds of pixels past it (issue 20: 300 px on Understand It, one "Edit and
// run" bar per example above the heading).

const course = findCourse(loadCatalog(), "system-design")!;
const lessons = course.lessons.filter((lesson) => lesson.sections.length > 0);
const understand = sectionHref(course.slug, "rate-limiter", "understand");

// Smooth scrolling, as the site has it for a reader who has not asked for reduced motion.
test.use({ viewport: { width: 375, height: 812 }, reducedMotion: "no-preference" });

/**
 * Each heading's and the page's vertical position in the document, in px; the header's buttons' x.
 * A long section's later parts are laid out first (the page does that in idle time after hydrating,
 * decision 590): their estimated heights are not what this compares.
 */
function headingPositions(page: Page) {
  return page.evaluate(() => {
    for (const part of document.querySelectorAll(".lesson-part")) {
      part.setAttribute("data-revealed", "");
    }
    const at: Record<string, number> = {};
    for (const [index, button] of document.querySelectorAll("header button").entries()) {
      at[`header button ${index} (x)`] = Math.round(button.getBoundingClientRect().left);
    }
    for (const heading of document.querySelectorAll<HTMLElement>("main :is(h1, h2, h3)")) {
      at[heading.id || heading.textContent!] = Math.round(
        heading.getBoundingClientRect().top + window.scrollY,
      );
    }
    at["(page height)"] = document.documentElement.scrollHeight;
    return at;
  });
}

/**
 * Opens `href` in a new page of the same context with the framework's chunks answered empty, so it
 * shows the server's HTML as drawn before any script runs; `measure` reads it, then it closes.
 */
async function beforeScripts<T>(
  page: Page,
  href: string,
  measure: (held: Page) => Promise<T>,
  viewport?: { width: number; height: number },
): Promise<T> {
  const held = await page.context().newPage();
  if (viewport) await held.setViewportSize(viewport);
  await held.route("**/_next/static/**/*.js", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
  );
  await held.goto(href, { waitUntil: "load" });
  try {
    return await measure(held);
  } finally {
    await held.close();
  }
}

/** What moved by more than 1 px between two readings of `headingPositions`. */
function movedBetween(
  href: string,
  before: Record<string, number>,
  after: Record<string, number>,
): string[] {
  expect(Object.keys(after), href).toEqual(Object.keys(before));
  return Object.entries(before)
    .filter(([what, at]) => Math.abs(after[what]! - at) > 1)
    .map(([what, at]) => `${href} ${what}: ${at} -> ${after[what]} px`);
}

test("a link to a heading near the bottom of Understand It lands on it on a phone with smooth scrolling", async ({
  page,
}) => {
  await page.goto(understand);
  await hydrated(page);
  // The deepest heading the window can still bring to the top: the last ones cannot get there.
  const id = await page.evaluate(() => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight;
    const headings = [...document.querySelectorAll<HTMLElement>(".prose h2[id], .prose h3[id]")];
    return headings.findLast(
      (heading) => heading.getBoundingClientRect().top + window.scrollY < reachable,
    )!.id;
  });
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe(
    "smooth",
  );

  const fresh = await page.context().newPage();
  await fresh.goto(`${understand}#${id}`);
  await hydrated(fresh);
  await scrollSettled(fresh);
  const { top, margin } = await fresh.locator(`[id="${id}"]`).evaluate((heading) => ({
    top: heading.getBoundingClientRect().top,
    margin: parseFloat(getComputedStyle(heading).scrollMarginTop),
  }));
  expect(margin).toBeGreaterThan(0);
  expect(
    Math.abs(top - margin),
    `#${id} at ${top} px, its scroll margin ${margin} px`,
  ).toBeLessThan(4);
});

test("hydration moves no heading of any lesson section on a phone", async ({ page }) => {
  test.setTimeout(120_000);
  const moved: string[] = [];
  for (const lesson of lessons) {
    for (const section of lesson.sections) {
      const href = sectionHref(course.slug, lesson.slug, section.slug);
      const before = await beforeScripts(page, href, headingPositions);

      await page.goto(href, { waitUntil: "load" });
      await hydrated(page);
      // Effects and external stores settle in the tasks right after hydration.
      await page.waitForTimeout(300);
      moved.push(...movedBetween(href, before, await headingPositions(page)));
    }
  }
  expect(moved).toEqual([]);
});

test("hydrating a lesson section inserts and changes nothing in its prose", async ({ page }) => {
  // Each node inserted or attribute changed while React hydrates is work in the longest task a
  // reader waits on, and Lighthouse's trace multiplies what each costs: widgets that come alive
  // at hydration do it through one mark on the page, and add what they need when first used.
  await page.addInitScript(() => {
    const changes: string[] = [];
    (window as unknown as { __changes: string[] }).__changes = changes;
    document.addEventListener("DOMContentLoaded", () => {
      new MutationObserver((records) => {
        for (const record of records) {
          const target = record.target as Element;
          if (!target.closest?.(".prose")) continue;
          if (record.type === "attributes" && record.attributeName === "data-revealed") continue;
          const what =
            record.type === "attributes"
              ? `${record.attributeName} on ${target.tagName}`
              : `${record.addedNodes.length} added, ${record.removedNodes.length} removed in ${target.tagName}`;
          changes.push(what);
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
  });
  await page.goto(understand, { waitUntil: "load" });
  await hydrated(page);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.hasAttribute("data-hydrated")))
    .toBe(true);
  await page.waitForTimeout(300);
  expect(
    await page.evaluate(() => (window as unknown as { __changes: string[] }).__changes),
  ).toEqual([]);
});

test("a lesson overview and its header do not move when the learner's progress arrives", async ({
  page,
}) => {
  const moved: string[] = [];
  for (const lesson of lessons) {
    const href = lessonHref(course.slug, lesson.slug);
    const before = await beforeScripts(page, href, headingPositions);

    await page.goto(href, { waitUntil: "load" });
    // A newcomer's figures and the header's Sign in: the summary has arrived.
    await expect(page.getByTestId("standing-sections")).toBeVisible();
    await expect(page.getByTestId("account")).toBeVisible();
    moved.push(...movedBetween(href, before, await headingPositions(page)));
  }
  expect(moved).toEqual([]);
});

test("a short section's pager does not move when the section counts as read", async ({ page }) => {
  // Read as soon as it opens: the whole section fits a laptop's window.
  const laptop = { width: 1280, height: 900 };
  const href = sectionHref(course.slug, "leaky-vs-token", "answer");
  const pagerTop = (on: Page) =>
    on
      .getByRole("navigation", { name: "Previous and next section" })
      .evaluate((pager) => Math.round(pager.getBoundingClientRect().top));
  const before = await beforeScripts(
    page,
    href,
    async (held) => {
      await expect(held.getByRole("button", { name: "Mark as read" })).toBeVisible();
      return pagerTop(held);
    },
    laptop,
  );

  await page.setViewportSize(laptop);
  await page.goto(href);
  await expect(page.getByText("Section read")).toBeVisible();
  expect(await pagerTop(page)).toBe(before);
});
