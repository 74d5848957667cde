import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { expect, test } from "./fixtures";
import { seriousViolations } from "./accessibility-scan";

// Progress where the learner is: solved / attempted / not started on every exercise list, the
// lesson overview's figures and its Continue link, the home page's lesson card. The pages stay
// static; the marks arrive from /api/me/summary after load.

const course = findCourse(loadCatalog(), "system-design")!;
const lesson = findLesson(course, "rate-limiter")!;
const lessonPath = `/courses/${course.slug}/${lesson.slug}`;
const [solvedOne, triedOne] = lesson.exercises;
const solution = fs.readFileSync(path.join(solvedOne!.dir, "solution.ts"), "utf8");

test("an exercise solved and one attempted show on the lists, the overview and the home page", async ({
  page,
}) => {
  await page.goto(`${lessonPath}/exercises`);
  const marks = page.getByTestId("exercise-mark");
  await expect(marks).toHaveCount(lesson.exercises.length);
  await expect(marks.first()).toHaveText("Not started");

  const origin = new URL(page.url()).origin;
  const accepted = await page.request.post("/api/judge/submit", {
    data: { exerciseId: solvedOne!.slug, code: solution },
    headers: { origin },
  });
  expect((await accepted.json()).verdict).toBe("accepted");
  const rejected = await page.request.post("/api/judge/submit", {
    data: { exerciseId: triedOne!.slug, code: "export class Nothing {}" },
    headers: { origin },
  });
  expect((await rejected.json()).verdict).not.toBe("accepted");

  await page.reload();
  await expect(marks.nth(0)).toHaveText("✓ Solved");
  await expect(marks.nth(1)).toHaveText("Attempted");
  await expect(marks.nth(2)).toHaveText("Not started");
  expect(await seriousViolations(page)).toEqual([]);

  // The Practice section lists the same exercises with the same marks.
  await page.goto(`${lessonPath}/practice`);
  await expect(page.getByTestId("exercise-mark").first()).toHaveText("✓ Solved");

  // The overview: the figures, and Continue to the first section not read.
  await page.goto(lessonPath);
  await expect(page.getByTestId("standing-exercises")).toHaveText(
    `1 of ${lesson.exercises.length} exercises solved`,
  );
  await expect(page.getByTestId("standing-sections")).toContainText(
    `of ${lesson.sections.length} sections read`,
  );
  await expect(page.getByTestId("standing-traps")).toContainText("traps done");
  await expect(page.getByTestId("standing-cards")).toContainText("to review");
  // The learner was last on the Practice page, not to its end: Continue resumes it there.
  await expect(page.getByRole("link", { name: "Continue: Practice" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Once every section is read, Continue goes to the first exercise not solved.
  for (const section of lesson.sections) {
    const read = await page.request.post("/api/progress/sections", {
      data: { course: course.slug, lesson: lesson.slug, section: section.slug },
      headers: { origin },
    });
    expect(read.status()).toBe(200);
  }
  await page.reload();
  await expect(page.getByTestId("continue")).toHaveText(`Continue: Exercise: ${triedOne!.title}`);
  await page.getByTestId("continue").click();
  await expect(page).toHaveURL(`${lessonPath}/exercises/${triedOne!.slug}`);
  await expect(page.getByTestId("exercise-mark")).toHaveText("Attempted");

  // The home page's lesson card says the same.
  await page.goto("/");
  const card = page.locator("article").filter({ hasText: lesson.title });
  await expect(card.getByTestId("standing-exercises")).toHaveText(
    `1 of ${lesson.exercises.length} exercises solved`,
  );
  await expect(card.getByTestId("continue")).toBeVisible();
});

/**
 * Runs the starter of the first exercise in the browser (no Submit) and follows the "Attempted"
 * mark: live on the exercise page, then on the exercise list and on My progress.
 */
async function runOnlyShowsAttempted(page: Page, phone: boolean) {
  const exercise = lesson.exercises[0]!;
  await page.goto(`${lessonPath}/exercises/${exercise.slug}`);
  const mark = page.getByTestId("exercise-mark");
  await expect(mark).toHaveText("Not started");
  // The starter is run as it is: the plain code layer is enough, Monaco need not have loaded.
  await expect(page.locator("[data-editor-ready]").first()).toBeAttached({ timeout: 30_000 });
  if (phone) await page.getByRole("tab", { name: "Code" }).click();
  const recorded = page.waitForResponse("**/api/progress/runs");
  await page.getByTestId("run").click();
  // The page's first Run starts the browser's judge: seconds when the tests share two cores (CI
  // saw "Running the visible tests…" still up after the default 5 s).
  await expect(page.getByTestId("verdict")).toBeVisible({ timeout: 30_000 });
  expect((await recorded).status()).toBe(200);
  // No reload: the mark follows the Run.
  await expect(mark).toHaveText("Attempted");
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Save your progress" }),
  ).toBeVisible();

  await page.goto(`${lessonPath}/exercises`);
  const marks = page.getByTestId("exercise-mark");
  await expect(marks.nth(0)).toHaveText("Attempted");
  await expect(marks.nth(1)).toHaveText("Not started");
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/progress");
  const row = page.getByRole("row").filter({ hasText: exercise.title });
  await expect(row.getByTestId("exercise-standing")).toHaveText("Attempted");
  await expect(row.getByRole("cell").last()).toHaveText("0");
  expect(await seriousViolations(page)).toEqual([]);
}

test("an exercise only Run in the browser, never submitted, shows as attempted", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await runOnlyShowsAttempted(page, false);
});

test("a newcomer sees a loading state, then zero figures and Start the lesson", async ({
  page,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/me/summary", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(lessonPath);
  await expect(page.getByTestId("standing-loading")).toBeVisible();
  release();
  await expect(page.getByTestId("standing-exercises")).toHaveText(
    `0 of ${lesson.exercises.length} exercises solved`,
  );
  await expect(page.getByRole("link", { name: "Start the lesson" })).toBeVisible();
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("a Run on a phone marks the exercise attempted too", async ({ page }) => {
    await runOnlyShowsAttempted(page, true);
  });

  test("the overview and the exercise list fit without sideways scrolling", async ({ page }) => {
    for (const target of [lessonPath, `${lessonPath}/exercises`, "/"]) {
      await page.goto(target);
      // The header's account corner appears once the learner's summary has arrived.
      await expect(page.getByTestId("account")).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        target,
      ).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page), target).toEqual([]);
    }
  });
});
