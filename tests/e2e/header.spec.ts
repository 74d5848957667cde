import type { Page } from "@playwright/test";
import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { expect, test } from "./fixtures";
import { seriousViolations } from "./accessibility-scan";

// Who you are, in the header of every (static) page: "Sign in" for nobody, "Save your progress"
// once there is work, the name and a menu once signed in; the sign-in forms return to the page
// the learner came from; the Review link and the Review page count live.

const course = findCourse(loadCatalog(), "system-design")!;
const lesson = findLesson(course, "rate-limiter")!;
const sectionPath = `/courses/${course.slug}/${lesson.slug}/${lesson.sections[1]!.slug}`;
const password = "a long enough password";
const uniqueEmail = () => `e2e-header-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

const header = (page: Page) => page.getByRole("banner");

test("a new visitor sees Sign in, then Save your progress once there is work, and returns to the page after signing up", async ({
  page,
}) => {
  // A sign-up and two accessibility scans: slow on a busy machine.
  test.slow();
  await page.goto(sectionPath);
  await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Save your progress" })).toHaveCount(0);

  // Work to keep: a section read (what scrolling to its end does).
  const origin = new URL(page.url()).origin;
  const read = await page.request.post("/api/progress/sections", {
    data: { course: course.slug, lesson: lesson.slug, section: lesson.sections[1]!.slug },
    headers: { origin },
  });
  expect(read.status()).toBe(200);
  await page.reload();
  const save = header(page).getByRole("link", { name: "Save your progress" });
  await expect(save).toBeVisible();
  expect(await seriousViolations(page, "header")).toEqual([]);

  await save.click();
  await expect(page).toHaveURL(`/sign-up?next=${encodeURIComponent(sectionPath)}`);
  await page.getByLabel("Email").fill(uniqueEmail());
  await page.getByLabel("Name").fill("Ada Lovelace");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  // Creating an account hashes the password on purpose slowly: seconds on two busy cores.
  await expect(page).toHaveURL(sectionPath, { timeout: 20_000 });

  // Signed in: the name, with a menu.
  const menuButton = header(page).getByRole("button", { name: /Ada Lovelace/ });
  await expect(menuButton).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Sign in" })).toHaveCount(0);
  await menuButton.click();
  await expect(menuButton).toHaveAttribute("aria-expanded", "true");
  await expect(header(page).getByRole("link", { name: "Account" })).toBeVisible();
  expect(await seriousViolations(page, "header")).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await header(page).getByRole("button", { name: "Sign out" }).click();
  await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page).toHaveURL(sectionPath);
});

test("the header's Sign in is not fetched ahead of a click: every page's link is a URL of its own", async ({
  page,
}) => {
  // Next fetches a link's page as it comes into view. The sign-in link carries the page it returns
  // to, so nothing fetched for it on one page serves another, and a reader rarely follows it.
  const fetchedAhead: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has("_rsc") && /^\/sign-(in|up)\b/.test(url.pathname)) {
      fetchedAhead.push(`${url.pathname}${url.search}`);
    }
  });
  // The lesson's own page (the breadcrumb) is still fetched ahead: prefetching ran on this page.
  const lessonAhead = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return (
      url.searchParams.has("_rsc") && url.pathname === `/courses/${course.slug}/${lesson.slug}`
    );
  });
  await page.goto(sectionPath);
  await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
  await lessonAhead;
  await page.waitForLoadState("networkidle");
  expect(fetchedAhead).toEqual([]);
});

test("signing in returns to the page the learner came from, and never to another site", async ({
  page,
}) => {
  const email = uniqueEmail();
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL("/progress", { timeout: 20_000 });
  await page
    .getByRole("banner")
    .getByRole("button", { name: /e2e-header/ })
    .click();
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();

  // From a page, the header's Sign in comes back to it.
  await page.goto(sectionPath);
  await header(page).getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent(sectionPath)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(sectionPath, { timeout: 20_000 });

  // A return address on another origin is ignored.
  await header(page)
    .getByRole("button", { name: /e2e-header/ })
    .click();
  await header(page).getByRole("button", { name: "Sign out" }).click();
  await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/sign-in?next=//evil.example/steal");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/progress", { timeout: 20_000 });
});

test("the Review link shows the cards due, and the Review page counts down while grading", async ({
  page,
}) => {
  await page.goto("/review");
  // Nothing is due for a newcomer (new cards are not "due"): no count on the link.
  await expect(page.getByTestId("review-link")).toBeVisible();
  await expect(page.getByTestId("review-count")).toHaveCount(0);

  // A wrong prediction on a trap brings its card forward: due now.
  const predicted = await page.request.post(
    `/api/traps/${course.slug}/${lesson.slug}/divided-limit/predict`,
    { data: { answer: 100 }, headers: { origin: new URL(page.url()).origin } },
  );
  expect(predicted.status()).toBe(200);
  await page.reload();
  const count = page.getByTestId("review-count");
  await expect(count).toHaveText(/1/);
  await expect(page.getByTestId("review-link")).toHaveAccessibleName(/^Review\s*,\s*1 card due$/);
  const due = page.getByTestId("due-count").locator("span").first();
  await expect(due).toHaveText("1");
  // Nothing is scheduled beyond this session yet.
  const nextDue = page.getByTestId("next-due").locator("span").first();
  await expect(nextDue).toHaveText("—");

  // The trap's card is a quick check with a number: answer it, check it, grade it.
  const card = page.getByTestId("flashcard");
  await card.getByLabel("Your answer (a number)").fill("63");
  await card.getByRole("button", { name: "Check" }).click();
  await card.getByRole("button", { name: /Good/ }).click();
  await expect(page.getByTestId("last-grade")).toBeVisible();
  // No reload: the counters move with the grade, and the header's count goes.
  await expect(due).toHaveText("0");
  // The graded card is due again later: "next due" is now its time (Good on a first review: minutes).
  const when = await nextDue.locator("time").getAttribute("datetime");
  const inMs = new Date(when!).getTime() - Date.now();
  expect(inMs).toBeGreaterThan(60_000);
  expect(inMs).toBeLessThan(86_400_000);
  await expect(page.getByTestId("streak").locator("span").first()).toHaveText("1");
  await expect(count).toHaveCount(0);
});

/** The header's parts that must share one row: their vertical extents all overlap. */
async function expectOneRow(page: Page, parts: string[]) {
  const boxes = [];
  for (const part of parts) {
    const found = await header(page).getByTestId(part).boundingBox();
    expect(found, `${part} is shown`).not.toBeNull();
    boxes.push({ part, ...found! });
  }
  const top = Math.max(...boxes.map((b) => b.y));
  const bottom = Math.min(...boxes.map((b) => b.y + b.height));
  expect(bottom - top, `${parts.join(", ")} share a row`).toBeGreaterThan(0);
  const banner = (await header(page).boundingBox())!;
  expect(banner.height, "header height in px").toBeLessThanOrEqual(64);
}

test("on a laptop the main links sit in the header's row and no Menu button is shown", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  // The account corner waits for the learner's summary: seconds on a loaded machine.
  await expect(header(page).getByTestId("account")).toBeVisible({ timeout: 15_000 });
  await expect(header(page).getByTestId("menu-toggle")).toBeHidden();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Courses" }),
  ).toBeVisible();
  await expectOneRow(page, ["brand", "review-link", "search-open", "account"]);
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the header is one row, and its Menu opens and closes from the keyboard", async ({
    page,
  }) => {
    await page.goto("/");
    // The account corner waits for the learner's summary: seconds on a loaded machine.
    await expect(header(page).getByTestId("account")).toBeVisible({ timeout: 15_000 });
    await expectOneRow(page, ["brand", "menu-toggle", "search-open", "account"]);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeHidden();

    const toggle = header(page).getByRole("button", { name: "Menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link")).toHaveText(["Courses", "Review", "My progress"]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    // Tab goes from the button into the links; Escape closes and gives the focus back.
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Courses" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();

    // Space opens it too; following a link closes it.
    await page.keyboard.press("Space");
    await nav.getByRole("link", { name: "My progress" }).click();
    await expect(page).toHaveURL("/progress");
    await expect(nav).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("with work to save, the header is still one row", async ({ page }) => {
    await page.goto("/");
    const read = await page.request.post("/api/progress/sections", {
      data: { course: course.slug, lesson: lesson.slug, section: lesson.sections[1]!.slug },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(read.status()).toBe(200);
    await page.reload();
    await expect(header(page).getByRole("link", { name: "Save your progress" })).toBeVisible();
    await expectOneRow(page, ["brand", "menu-toggle", "search-open", "account"]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the header fits and keeps Sign in", async ({ page }) => {
    await page.goto("/");
    await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
});
