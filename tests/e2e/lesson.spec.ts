import type { Page } from "@playwright/test";
import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { formatMinutes } from "@/lib/content/minutes";
import { expect, test } from "./fixtures";
import { seriousViolations } from "./accessibility-scan";

// The reader's path through the site, in Chromium against `next build && next start`. Titles come
// from the content tree itself, so the test follows the lesson as it is written.

const course = findCourse(loadCatalog(), "system-design")!;
const lesson = findLesson(course, "rate-limiter")!;
const lessonPath = `/courses/${course.slug}/${lesson.slug}`;
const sectionPath = (slug: string) => `${lessonPath}/${slug}`;

function outputs(page: Page) {
  return page.locator("figure", { hasText: "Output — computed when this page was built" });
}

async function expectOneH1(page: Page, text: string | RegExp) {
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.locator("h1")).toHaveText(text);
}

test("a reader walks from the catalogue to the lesson and through every section", async ({
  page,
}) => {
  await page.goto("/");
  await expectOneH1(page, "Interview practice that shows its working");
  await expect(page.getByText(lesson.summary)).toBeVisible();
  await expect(page.getByText(`${lesson.minutes} min read`).first()).toBeVisible();
  // Reading and practice are stated apart: the minutes are the sections', not the exercises'.
  expect(lesson.practiceMinutes).toBeGreaterThan(lesson.minutes);
  await expect(
    page.getByText(`${formatMinutes(lesson.practiceMinutes!)} practice`).first(),
  ).toBeVisible();

  await page.getByRole("link", { name: course.title }).first().click();
  await expect(page).toHaveURL(`/courses/${course.slug}`);
  await expectOneH1(page, course.title);

  await page.getByRole("link", { name: lesson.title }).first().click();
  await expect(page).toHaveURL(lessonPath);
  await expectOneH1(page, lesson.title);
  for (const section of lesson.sections) {
    await expect(page.getByRole("main").getByRole("link", { name: section.title })).toBeVisible();
  }

  await page.getByRole("link", { name: "Start the lesson" }).click();
  for (const [index, section] of lesson.sections.entries()) {
    await expect(page).toHaveURL(sectionPath(section.slug));
    await expectOneH1(page, section.title);
    await expect(page.locator(".prose")).not.toBeEmpty();
    // Reached by client-side navigation: the static islands (decision 340) fetch their markup.
    await expect(page.locator(".prose [data-island]").first()).toBeVisible();
    await expect(page.locator(".prose [data-island]:empty")).toHaveCount(0);
    await expect(page.getByText(`Section ${index + 1} of ${lesson.sections.length}`)).toBeVisible();
    const next = page
      .getByRole("navigation", { name: "Previous and next section" })
      .getByRole("link", { name: /^Next/ });
    if (index < lesson.sections.length - 1) await next.click();
    // The last section leads to the next lesson (tests/e2e/search.spec.ts walks it).
    else await expect(next).toHaveText(/^Next lesson/);
  }
});

test("the figures in the lesson are the ones the code computes", async ({ page }) => {
  await page.goto(sectionPath("understand"));
  const shown = outputs(page);
  for (const line of [
    "volley of 100 at 59s: fixed window lets in 100, sliding log 100",
    "volley of 100 at 60s: fixed window lets in 100, sliding log 0",
    "t=0s (full)          wave of 15: 10 admitted, 0.0 left",
    "t=1s (1s of refill)  wave of 15:  5 admitted",
    "t=63s, after 60s idle: 10.0 in the bucket, though 60s earns 300",
    " 30/min   308      308  0 of 308 (0.00%)",
    " 90/min   909      911  18 of 924 (1.95%)",
    "150/min   993      987  448 of 1478 (30.31%)",
    "270/min  1000      990  934 of 2726 (34.26%)",
    "busiest 60s of the 270/min row: log 100, counter 106",
    "100 per instance, 300 sent round-robin   -> 300 served",
    "33 per instance, 100 sent round-robin    -> 99 served",
    "33 per instance, 100 sent 70/20/10       -> 63 served",
  ]) {
    await expect(shown.filter({ hasText: line }), line).toHaveCount(1);
  }
});

test("every heading has an anchor that puts its id in the URL and scrolls to it", async ({
  page,
}) => {
  await page.goto(sectionPath("understand"));
  const heading = page.locator(".prose h2").nth(2);
  const id = await heading.getAttribute("id");
  expect(id).toBeTruthy();
  await expect(page.locator(".prose :is(h2, h3):not(:has(a[href^='#']))")).toHaveCount(0);

  await heading.locator("a.heading-anchor").click();
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
  await expect(heading).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

  // The same URL opened fresh lands on the heading too.
  await page.goto(`${sectionPath("understand")}#${id}`);
  await expect(heading).toBeInViewport();
});

test("the table of contents marks the current section and follows the heading being read", async ({
  page,
}) => {
  await page.goto(sectionPath("understand"));
  const toc = page.getByRole("navigation", { name: "Lesson contents" });
  const current = toc.locator('a[aria-current="page"]:visible');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText("Understand It");
  await expect(toc.locator("a:visible", { hasText: "Reference" })).not.toHaveAttribute(
    "aria-current",
  );

  // A heading whose section opens with a long stretch of text: were its first subheading within the
  // top 30% of the window, that subheading would rightly be the one being read.
  const target = page.locator(".prose h2").nth(1);
  const id = await target.getAttribute("id");
  await target.locator("a.heading-anchor").click();
  await expect(toc.locator(`a[href="#${id}"]:visible`)).toHaveAttribute("data-active", "true");
  await expect(toc.locator('a[data-active="true"]:visible')).toHaveCount(1);
});

test("previous and next links move between neighbouring sections", async ({ page }) => {
  const [first, second, third] = lesson.sections;
  await page.goto(sectionPath(second!.slug));
  const pager = page.getByRole("navigation", { name: "Previous and next section" });
  // A click while the page hydrates can be taken by the router and dropped: wait until it has.
  await expect(page.getByTestId("account")).toBeVisible({ timeout: 30_000 });

  await pager.getByRole("link", { name: new RegExp(`Next\\s*${third!.title}`) }).click();
  await expect(page).toHaveURL(sectionPath(third!.slug), { timeout: 15_000 });

  await page.goto(sectionPath(second!.slug));
  await pager.getByRole("link", { name: new RegExp(`Previous\\s*${first!.title}`) }).click();
  await expect(page).toHaveURL(sectionPath(first!.slug));
  await expect(pager.getByRole("link", { name: /^Previous/ })).toHaveCount(0);
});

test("the copy button copies a code block and announces it", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
  await page.goto(sectionPath("understand"));
  const block = page.locator("figure:has(pre.shiki)").first();
  const expected = await block.locator("pre").textContent();

  await expect(block.getByRole("button", { name: "Copy code" })).toBeVisible();
  // The button is in the server's HTML before its click handler exists: a key pressed before the
  // page hydrates does nothing (the last CI saw exactly that), so wait for the header's account corner.
  await expect(page.getByTestId("account")).toBeVisible({ timeout: 30_000 });
  // Its name changes to "Copied code" once clicked, so hold on to it by position, not by name.
  const button = block.locator("button");
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveText(/Copied/);
  await expect(block.getByRole("status")).toHaveText("Copied to clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  await expect(block.locator("figcaption")).toContainText("TypeScript");
});

test("the site remembers where the reader was and offers to continue there", async ({ page }) => {
  const section = lesson.sections[2]!;
  await page.goto(lessonPath);
  await expect(page.getByRole("link", { name: "Start the lesson" })).toBeVisible();

  await page.goto(sectionPath(section.slug));
  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect
    .poll(() =>
      page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? "{}").scrollY as number | undefined,
        `tradeoff:last-read:v1:${course.slug}/${lesson.slug}`,
      ),
    )
    .toBe(1200);

  await page.goto(lessonPath);
  await page.reload();
  const resume = page.getByRole("link", { name: `Continue: ${section.title}` });
  await expect(resume).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("link", { name: `Continue: ${section.title}` })).toBeVisible();

  await page.goto(lessonPath);
  await resume.click();
  await expect(page).toHaveURL(sectionPath(section.slug));
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1200);
});

test.describe("unknown addresses", () => {
  // Chromium logs the 404 of the document itself as a console error; that one is expected.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  for (const path of [
    "/courses/no-such-course",
    `/courses/${course.slug}/no-such-lesson`,
    `${lessonPath}/no-such-section`,
    "/no/such/page",
  ]) {
    test(`${path} is a 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expectOneH1(page, "Page not found");
      await expect(page.getByRole("link", { name: "Browse all courses" })).toBeVisible();
    });
  }
});

test.describe("on a 360px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the contents fold into a menu and nothing scrolls sideways", async ({ page }) => {
    await page.goto(sectionPath("understand"));
    const toc = page.getByRole("navigation", { name: "Lesson contents" });
    const menu = toc.locator("details");
    await expect(menu).toBeVisible();
    await expect(toc.locator('a[aria-current="page"]:visible')).toHaveCount(0);

    await menu.locator("summary").click();
    await expect(toc.locator('a[aria-current="page"]:visible')).toHaveText(/Understand It/);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});

test("a reading page never loads the code editor", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto(sectionPath("practice"));
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /monaco/i.test(url))).toEqual([]);
  const monacoGlobal = await page.evaluate(() => "monaco" in window);
  expect(monacoGlobal).toBe(false);
});

test.describe("accessibility", () => {
  // axe walks every node; the reference page holds ~850 highlighted lines and takes 15-30 s on a
  // busy two-core machine.
  test.describe.configure({ timeout: 120_000 });

  for (const colorScheme of ["light", "dark"] as const) {
    for (const path of ["/", lessonPath, sectionPath("understand"), sectionPath("reference")]) {
      test(`${path} in ${colorScheme} has no serious or critical axe violations`, async ({
        page,
      }) => {
        await page.emulateMedia({ colorScheme });
        await page.goto(path);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }

  test("the skip link is the first stop and moves focus to the content", async ({ page }) => {
    await page.goto(sectionPath("answer"));
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator("main")).toBeFocused();
  });
});
