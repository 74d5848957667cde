import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { runExample } from "@/lib/content/run-example";
import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { expect, test } from "./fixtures";
import { seriousViolations } from "./accessibility-scan";

// Issue 7 in Chromium against `next build && next start`: the second lesson is live with no code
// change, learners are refused the instructor pages, and an instructor sees the dashboard, downloads
// its CSV, previews a lesson under a banner and judges candidate tests in the playground.

const course = findCourse(loadCatalog(), "system-design")!;
const second = findLesson(course, "leaky-vs-token")!;
const password = "a long enough password";
// The database the e2e server runs on (playwright.config.ts).
const e2eDatabase = "data/e2e/tradeoff.db";

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

function uniqueEmail(who: string): string {
  return `e2e-${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

test("the second lesson is in the catalogue and shows figures computed by its own examples", async ({
  page,
}) => {
  await page.goto(`/courses/${course.slug}`);
  await page.getByRole("link", { name: second.title }).first().click();
  await expect(page).toHaveURL(`/courses/${course.slug}/${second.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(second.title);

  await page.goto(`/courses/${course.slug}/${second.slug}/understand`);
  const example = runExample(`${second.dir}/examples/same-decisions.ts`);
  const output = page.locator('[data-example="same-decisions"]');
  await expect(output).toContainText(example.lines[2]!.trim());
  await expect(output).toContainText(
    `requests on which they disagree: ${example.values["disagreements"]}`,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/courses/${course.slug}/${second.slug}/reference`);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe("refusals", () => {
  // Chromium logs the 401/403 of the document itself as a console error; those are expected.
  test.use({ allowedConsoleErrors: [/status of 40[13]/] });

  const pages = [
    "/instructor",
    `/instructor/${course.slug}/rate-limiter`,
    `/instructor/preview/${course.slug}/${second.slug}`,
    "/instructor/playground",
  ];

  test("nobody signed in gets 401 and a sign-in link from every instructor page", async ({
    page,
  }) => {
    for (const path of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(401);
      await expect(page.getByRole("heading", { name: "Sign in as an instructor" })).toBeVisible();
      await expect(page.locator("table")).toHaveCount(0);
    }
    // The sign-in link comes back to the page it was clicked on (the last one visited).
    await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent(pages.at(-1)!)}`);
    const anonymous = await page.request.get(`/api/instructor/${course.slug}/rate-limiter`);
    expect(anonymous.status()).toBe(401);
  });

  test("a learner gets 403 from the instructor pages and their data", async ({ page }) => {
    await page.goto("/sign-up");
    await page.getByLabel("Email").fill(uniqueEmail("learner"));
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL("/progress");

    for (const path of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "Instructors only" })).toBeVisible();
      await expect(page.locator("table")).toHaveCount(0);
      await expect(page.getByTestId("preview-banner")).toHaveCount(0);
    }
    const csv = await page.request.get(`/api/instructor/${course.slug}/rate-limiter/funnel.csv`);
    expect(csv.status()).toBe(403);
    const judged = await page.request.post("/api/instructor/playground", {
      data: { exerciseId: "fixed-window", kind: "solution", code: "export class FixedWindow {}" },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(judged.status()).toBe(403);

    // No "Instructor" link in the header once the browser knows the role.
    const sessionRead = page.waitForResponse((response) =>
      response.url().endsWith("/api/auth/get-session"),
    );
    await page.goto("/progress");
    expect((await (await sessionRead).json()).user.role).toBe("learner");
    await expect(mainNav(page).getByRole("link", { name: "Instructor" })).toHaveCount(0);
  });
});

test("an instructor sees the dashboard, downloads a table, previews a lesson and tries tests", async ({
  page,
}) => {
  const email = uniqueEmail("instructor");
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL("/progress");
  // What `npm run user:promote` does, on the e2e server's database.
  const sqlite = new Database(e2eDatabase);
  try {
    sqlite.pragma("busy_timeout = 5000");
    expect(
      sqlite.prepare(`UPDATE "user" SET role = 'instructor' WHERE email = ?`).run(email).changes,
    ).toBe(1);
  } finally {
    sqlite.close();
  }

  // The header shows the way in once the browser asks for the role again.
  await page.reload();
  await mainNav(page).getByRole("link", { name: "Instructor" }).click();
  await expect(page).toHaveURL("/instructor");
  const row = page.locator('[data-lesson="rate-limiter"]');
  await row.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(`/instructor/${course.slug}/rate-limiter`);
  for (const title of [
    "Funnel: read → attempted → solved",
    "Exercises",
    "Hidden tests that fail most often",
    "Trap prediction accuracy",
    'Cards graded "Again" most',
  ]) {
    await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
  const funnel = page.locator('[data-table="funnel"]');
  await expect(funnel.getByRole("cell", { name: "answer", exact: true })).toBeVisible();
  const href = await funnel.getByRole("link", { name: "Download CSV" }).getAttribute("href");
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect((await csv.text()).split("\r\n")[0]).toBe("Kind,Id,Title,Read,Attempted,Solved");

  await page.goto(`/instructor/preview/${course.slug}/${second.slug}/understand`);
  await expect(page.getByTestId("preview-banner")).toContainText("Preview");
  await expect(page.locator('[data-example="queue-latency"]')).toBeVisible();

  await page.goto("/instructor/playground?exercise=fixed-window");
  // The same Monaco editor as the exercise page, type-checking against the judge module.
  const editor = page.getByTestId("playground-editor");
  await expect(editor.locator("[data-editor-ready=true]")).toBeVisible({ timeout: 30_000 });
  await expect(editor.locator(".monaco-editor")).toBeVisible();
  await page.getByRole("button", { name: "Judge on the server" }).click();
  const runs = page.getByTestId("playground-run");
  await expect(runs).toHaveCount(2, { timeout: 30_000 });
  await expect(runs.nth(0)).toContainText("The reference solution against your tests");
  await expect(runs.nth(0)).toContainText("as it should be");
  await expect(runs.nth(1)).toContainText("The starter against your tests");
  await expect(runs.nth(1)).toContainText("as it should be");

  // With the exercise page's TypeScript checking: an ill-typed line is flagged as it is typed.
  const squiggles = editor.locator(".squiggly-error");
  await expect(squiggles).toHaveCount(0, { timeout: 15_000 });
  await editor.locator(".view-lines").click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.insertText('\nconst budget: number = "ten requests";\n');
  await expect(squiggles.first()).toBeAttached({ timeout: 15_000 });
  // The diagnostic is TypeScript's own, shown by the editor's "next problem" (F8).
  await page.keyboard.press("F8");
  await expect(editor.locator(".marker-widget")).toContainText(
    "Type 'string' is not assignable to type 'number'",
  );
});
