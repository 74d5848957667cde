import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { expect, test } from "./fixtures";
import { seriousViolations } from "./accessibility-scan";

// Issue 6, in Chromium against `next build && next start`: review cards from the keyboard, grade
// them, and find the schedule (due now, next due date, streak) on the Review page after a reload.

const course = findCourse(loadCatalog(), "system-design")!;
const lesson = findLesson(course, "rate-limiter")!;
const checkYourselfPath = `/courses/${course.slug}/${lesson.slug}/check-yourself`;

test("review two cards from the keyboard; the schedule remembers them", async ({ page }) => {
  await page.goto("/review");
  await expect(page.locator("h1")).toHaveText("Review");
  await expect(page.getByTestId("streak")).toContainText("0");
  const newBefore = Number(
    await page.getByTestId("new-count").locator("span").first().textContent(),
  );
  expect(newBefore).toBeGreaterThanOrEqual(2);

  // Card 1: write an answer, Ctrl+Enter reveals the model answer, 3 grades it Good.
  const first = page.getByTestId("flashcard");
  const firstId = await first.getAttribute("data-card");
  await first
    .getByLabel("Your answer")
    .fill("Both bursts fit their own window: twice the limit in a second.");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(first.getByTestId("model-answer")).toBeVisible();
  await page.keyboard.press("3");
  await expect(page.getByTestId("last-grade")).toHaveText(/Graded Good: it comes back in 10 min/);

  // Card 2 has the focus: Space reveals, 4 grades it Easy.
  const second = page.getByTestId("flashcard");
  await expect(second).not.toHaveAttribute("data-card", firstId!);
  await expect(second).toBeFocused();
  await page.keyboard.press(" ");
  await expect(second.getByTestId("model-answer")).toBeVisible();
  await page.keyboard.press("4");
  await expect(page.getByTestId("last-grade")).toHaveText(/Graded Easy: it comes back in \d+ days/);

  // After a reload: two fewer new cards, a next due date ten minutes out, a one-day streak.
  await page.reload();
  await expect(page.getByTestId("streak")).toContainText("1");
  await expect(page.getByTestId("next-due").locator("time")).toBeVisible();
  await expect(page.getByTestId("flashcard")).not.toHaveAttribute("data-card", firstId!);
  const progress = await page.request.get(`/api/cards/${course.slug}/${lesson.slug}`);
  const cards = (await progress.json()).cards as Record<string, { reps: number }>;
  expect(Object.keys(cards)).toHaveLength(2);
  expect(cards[firstId!]?.reps).toBe(1);
});

test("an auto-graded quick check gives instant feedback and an explanation", async ({ page }) => {
  await page.goto(checkYourselfPath);
  const card = page.locator('[data-testid=flashcard][data-card="fixed-window-most-in-one-second"]');
  await card.scrollIntoViewIfNeeded();
  await card.getByLabel("Your answer (a number)").fill("100");
  await card.getByRole("button", { name: "Check" }).click();
  await expect(card.getByTestId("auto-grade")).toHaveAttribute("data-correct", "false");
  await expect(card.getByTestId("auto-grade")).toContainText("The answer is 200");
  await expect(card.getByTestId("model-answer")).toContainText(
    "a whole allowance just before the reset",
  );
  await card.getByRole("button", { name: /Again/ }).click();
  await expect(card.getByTestId("graded")).toHaveText(/Graded Again\. Next review in 1 min\./);

  const choice = page.locator('[data-testid=flashcard][data-card="refusal-status-code"]');
  await choice.getByLabel("429 Too Many Requests").check();
  await choice.getByRole("button", { name: "Check" }).click();
  await expect(choice.getByTestId("auto-grade")).toHaveAttribute("data-correct", "true");
});

test.describe("on a 360px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the Review page and its grade buttons fit without sideways scrolling", async ({ page }) => {
    await page.goto("/review");
    const card = page.getByTestId("flashcard");
    await card.getByLabel("Your answer").fill("An answer typed on a phone.");
    await card.getByRole("button", { name: "Reveal the model answer" }).click();
    await expect(card.getByRole("button", { name: /Good/ })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});

test("the Review and Check Yourself pages have no serious or critical axe violations", async ({
  page,
}) => {
  for (const [target, colorScheme] of [
    ["/review", "light"],
    ["/review", "dark"],
    [checkYourselfPath, "light"],
    [checkYourselfPath, "dark"],
  ] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto(target);
    expect(await seriousViolations(page), `${target} in ${colorScheme}`).toEqual([]);
  }
});
