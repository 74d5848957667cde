import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { expect, test } from "./fixtures";

// Progressive enhancement: with JavaScript off, a learner can still read every trap's snippet, its
// answer and explanation, and every card's question and model answer (server-rendered inside
// <noscript>, behind a click). With JavaScript on, none of that is on the page before a prediction or
// a reveal.

const course = findCourse(loadCatalog(), "system-design")!;
const lesson = findLesson(course, "rate-limiter")!;
const sectionPath = (slug: string) => `/courses/${course.slug}/${lesson.slug}/${slug}`;

// Sentences from the content: trap E's explanation and a Check Yourself model answer.
const trapExplanation = "No error is logged and no alert fires";
const modelAnswer = "A fixed window forgets everything at the boundary.";

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("the Code Traps section shows each snippet, and each answer and explanation behind a click", async ({
    page,
  }) => {
    await page.goto(sectionPath("code-traps"));
    await expect(page.getByRole("heading", { name: /Trap E/ })).toBeVisible();
    const answers = page.getByTestId("trap-noscript");
    await expect(answers).toHaveCount(6);
    await expect(page.getByText(/snippet\.ts/)).toHaveCount(6);

    const e = page.locator('[data-testid=trap-noscript][data-trap="divided-limit"]');
    await expect(e.getByText(trapExplanation)).toBeHidden();
    await e.getByText("Trap E: the answer and why").click();
    await expect(e.getByText(trapExplanation)).toBeVisible();
    await expect(e.getByText("The answer:")).toBeVisible();
  });

  test("Check Yourself shows each card's model answer behind a click", async ({ page }) => {
    await page.goto(sectionPath("check-yourself"));
    const card = page.locator(
      '[data-testid=card-noscript][data-card="fixed-window-twice-the-limit"]',
    );
    await expect(card.getByText(modelAnswer)).toBeHidden();
    await card.getByText("Show the model answer").click();
    await expect(card.getByTestId("model-answer")).toContainText(modelAnswer);

    // An auto-graded quick check gives its right answer too.
    const quick = page.locator(
      '[data-testid=card-noscript][data-card="fixed-window-most-in-one-second"]',
    );
    await quick.getByText("Show the model answer").click();
    await expect(quick.getByText("The answer:")).toBeVisible();
  });

  test("a lesson example shows its program and output but no button that could never work", async ({
    page,
  }) => {
    await page.goto(sectionPath("understand"));
    const example = page.locator('[data-example="fixed-window-boundary"]');
    await expect(example.getByText("Output — computed when this page was built")).toBeVisible();
    await expect(example.locator("pre").first()).toBeVisible();
    // "Edit and run" and "Copy" are in the HTML (so that hydration moves nothing) but hidden.
    await expect(page.locator(".prose figure").first()).toBeVisible();
    await expect(page.getByRole("button", { name: /Edit and run/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Copy/ })).toHaveCount(0);
    expect(await page.locator("[data-example] [role=group]").count()).toBeGreaterThan(5);
  });

  test("on a phone the header's links stay in view and no Menu button shows", async ({ page }) => {
    // The links fold behind Menu only when scripts run (a `scripting` media query), since the
    // button needs them to open.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByTestId("menu-toggle")).toBeHidden();
    const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
    await expect(links).toHaveText(["Courses", "Review", "My progress"]);
    for (const link of await links.all()) await expect(link).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });

  test("a deck of cards lists every question with its model answer", async ({ page }) => {
    await page.goto(sectionPath("next-move"));
    const deck = page.getByTestId("deck-noscript");
    await expect(deck.locator("li")).toHaveCount(9);
    const first = deck.locator("li").first();
    await first.getByText("Show the model answer").click();
    await expect(first.getByTestId("model-answer")).toBeVisible();
  });
});

test("with JavaScript on, answers stay off the page until the learner commits", async ({
  page,
}) => {
  await page.goto(sectionPath("code-traps"));
  await expect(page.getByTestId("trap")).toHaveCount(6);
  await expect(page.getByTestId("trap-noscript")).toHaveCount(0);
  await expect(page.getByText(trapExplanation)).toBeHidden();

  await page.goto(sectionPath("check-yourself"));
  await expect(page.getByTestId("flashcard").first()).toBeVisible();
  await expect(page.getByTestId("card-noscript")).toHaveCount(0);
  await expect(page.getByTestId("model-answer")).toHaveCount(0);
});
