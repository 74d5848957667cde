import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { expect, test } from "./fixtures";
import { seriousViolations } from "./accessibility-scan";

// Issue 6, in Chromium against `next build && next start`: predict a trap (wrong, on purpose), see
// the sandbox's run beside the prediction, read why, fix it in the editor, and find all of it again
// after a reload.

const course = findCourse(loadCatalog(), "system-design")!;
const lesson = findLesson(course, "rate-limiter")!;
const trapsPath = `/courses/${course.slug}/${lesson.slug}/code-traps`;
const trapDir = path.join(lesson.dir, "traps", "e.divided-limit");
const referenceFix = fs.readFileSync(path.join(trapDir, "solution.ts"), "utf8");

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
});

function trap(page: Page, id: string) {
  return page.locator(`[data-testid=trap][data-trap="${id}"]`);
}

function fixEditorValue(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const editors = (
      window as unknown as { __tradeoffEditors?: Record<string, { getValue(): string }> }
    ).__tradeoffEditors;
    return editors?.["file:///traps/divided-limit/solution.ts"]?.getValue() ?? null;
  });
}

test("predict, run and fix a trap: the run sits beside the prediction and the fix is judged", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto(trapsPath);
  await expect(page.getByRole("heading", { name: /Trap E/ })).toBeVisible();
  const e = trap(page, "divided-limit");
  await e.scrollIntoViewIfNeeded();

  // Nothing runs before a prediction: the button refuses an empty one.
  await e.getByRole("button", { name: "Lock in and run" }).click();
  await expect(e.getByRole("alert")).toHaveText("Type a number first.");

  // A wrong prediction: the sandbox's run shows 63 beside it, and the trap becomes a review card.
  await e.getByLabel("Your prediction").fill("100");
  await e.getByRole("button", { name: "Lock in and run" }).click();
  const result = e.getByTestId("trap-result");
  await expect(result.getByTestId("predicted")).toHaveText("100");
  await expect(result.getByTestId("observed")).toHaveText("63");
  await expect(result.getByTestId("prediction-verdict")).toHaveAttribute("data-correct", "false");
  await expect(result.getByTestId("prediction-verdict")).toContainText("review queue");
  await expect(result.getByTestId("scenario-outcome")).toContainText(
    "63 of the customer's 100 requests were served",
  );
  await expect(result).toContainText("No error is logged and no alert fires");
  // The reading page has not loaded the editor yet.
  expect(scripts.filter((url) => /monaco/i.test(url))).toEqual([]);

  // Fix it: paste the shared-store version into the editor and have it judged.
  await result.getByRole("button", { name: "Fix it" }).click();
  const fix = e.getByTestId("trap-fix");
  await expect(fix.locator("[data-editor-ready=true]")).toBeVisible({ timeout: 30_000 });
  await page.evaluate((text) => navigator.clipboard.writeText(text), referenceFix);
  await fix.locator(".view-lines").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("ControlOrMeta+v");
  await expect.poll(() => fixEditorValue(page)).toBe(referenceFix);
  await fix.getByRole("button", { name: "Check my fix" }).click();
  await expect(fix.getByTestId("fix-verdict")).toHaveAttribute("data-accepted", "true", {
    timeout: 30_000,
  });
  await expect(fix.getByTestId("verdict")).toHaveText("Accepted");
  await expect(fix.getByTestId("scenario-outcome")).toContainText(
    "All 100 of the customer's requests were served",
  );
  await expect(fix.getByText("Compare with the reference fix")).toBeVisible();

  // The prediction and the fix are stored: a reload remembers both.
  await page.reload();
  await expect(trap(page, "divided-limit").getByTestId("trap-history")).toHaveText(
    /Your first prediction here was wrong\. You have fixed this trap\./,
  );

  // The wrong prediction is remembered as a card, due now, first in the review queue.
  await page.goto("/review");
  await expect(page.getByTestId("due-count")).toContainText("1");
  await expect(page.getByTestId("flashcard")).toHaveAttribute("data-card", "trap-divided-limit");
});

test("a right prediction on a choice trap says so and schedules nothing", async ({ page }) => {
  await page.goto(trapsPath);
  const b = trap(page, "wall-clock");
  await b.scrollIntoViewIfNeeded();
  await b.getByLabel(/Every request is refused for about 30 seconds/).check();
  await b.getByRole("button", { name: "Lock in and run" }).click();
  await expect(b.getByTestId("prediction-verdict")).toHaveAttribute("data-correct", "true");
  await expect(b.getByTestId("observed")).toHaveText(/Every request is refused/);
  await expect(b.getByTestId("scenario-outcome")).toContainText(
    "Every request was refused for the first 30 seconds",
  );
});

test.describe("on a 360px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("a trap's prediction, run and outcome fit without sideways scrolling", async ({ page }) => {
    await page.goto(trapsPath);
    const d = trap(page, "fixed-window-boundary");
    await d.scrollIntoViewIfNeeded();
    await d.getByLabel("Your prediction").fill("200");
    await d.getByRole("button", { name: "Lock in and run" }).click();
    await expect(d.getByTestId("observed")).toHaveText("200");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});

test("the code traps page has no serious or critical axe violations, before and after a run", async ({
  page,
}) => {
  await page.goto(trapsPath);
  expect(await seriousViolations(page)).toEqual([]);
  const a = trap(page, "increment-then-check");
  await a.getByLabel("Your prediction").fill("12");
  await a.getByRole("button", { name: "Lock in and run" }).click();
  await expect(a.getByTestId("trap-result")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
