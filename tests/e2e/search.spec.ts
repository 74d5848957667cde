import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { expect, test } from "./fixtures";
import { seriousViolations } from "./accessibility-scan";

// Finding things: offline search from the header ("/"), results grouped by lesson with the matched
// passage and keyboard navigation; the end of a lesson leads on; a lesson says what its sections are.

const course = findCourse(loadCatalog(), "system-design")!;
const first = findLesson(course, "rate-limiter")!;
const second = course.lessons[1]!;
const sectionPath = (lesson: typeof first, slug: string) =>
  `/courses/${course.slug}/${lesson.slug}/${slug}`;

test("“/” opens search; results come grouped by lesson with the passage, and the keyboard opens one", async ({
  page,
}) => {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(new URL(request.url()).pathname));
  await page.goto("/");
  expect(requests.filter((path) => path === "/search-index.json")).toEqual([]);

  // "/" is heard once the page has hydrated; the header's account corner shows that it has.
  await expect(page.getByTestId("account")).toBeVisible();
  await page.keyboard.press("/");
  const dialog = page.getByTestId("search-dialog");
  await expect(dialog).toBeVisible();
  const input = page.getByRole("combobox", { name: "Search" });
  await expect(input).toBeFocused();
  await input.pressSequentially("retry-after");
  const hits = dialog.getByTestId("search-hit");
  await expect(hits.first()).toBeVisible();
  await expect(dialog.getByRole("group", { name: first.title })).toBeVisible();
  await expect(hits.first().locator("mark").first()).toHaveText(/retry/i);
  expect(await seriousViolations(page)).toEqual([]);

  // Every keystroke after the first load is answered locally.
  const indexLoads = requests.filter((path) => path === "/search-index.json").length;
  expect(indexLoads).toBe(1);
  await input.pressSequentially(" 429");
  await input.press("Backspace");
  await input.press("Backspace");
  await input.press("Backspace");
  await input.press("Backspace");
  expect(
    requests.filter((path) => path.startsWith("/api/")).filter((p) => p.includes("search")),
  ).toEqual([]);
  expect(requests.filter((path) => path === "/search-index.json").length).toBe(1);

  await input.press("ArrowDown");
  await expect(hits.nth(1)).toHaveAttribute("aria-selected", "true");
  const target = await hits.nth(1).getAttribute("href");
  await input.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(target!);
});

test("search finds exercises, traps and cards as well as sections", async ({ page }) => {
  await page.goto(sectionPath(first, "answer"));
  await page.getByTestId("search-open").click();
  const input = page.getByRole("combobox", { name: "Search" });
  await input.fill("wall clock");
  const titles = page.getByTestId("search-dialog").getByTestId("search-hit");
  await expect(titles.filter({ hasText: /^Trap/ }).first()).toBeVisible();
  await input.fill("sliding log");
  await expect(titles.filter({ hasText: /^Exercise/ }).first()).toBeVisible();
  await input.fill("qqqzzzx");
  await expect(page.getByTestId("search-status")).toHaveText(/Nothing matches/);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("search-dialog")).toBeHidden();
});

test("the last section of a lesson leads to the next lesson and back to the course", async ({
  page,
}) => {
  const last = first.sections.at(-1)!;
  await page.goto(sectionPath(first, last.slug));
  const pager = page.getByRole("navigation", { name: "Previous and next section" });
  await expect(pager.getByTestId("next-lesson")).toContainText(second.title);
  await expect(pager.getByRole("link", { name: `All lessons of ${course.title}` })).toBeVisible();
  await pager.getByTestId("next-lesson").click();
  await expect(page).toHaveURL(`/courses/${course.slug}/${second.slug}`);

  // The course's last lesson ends back at the course.
  const end = course.lessons.at(-1)!;
  await page.goto(sectionPath(end, end.sections.at(-1)!.slug));
  await expect(page.getByTestId("course-done")).toContainText(`Back to ${course.title}`);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a lesson's overview says what its sections are, and why it may have fewer than eight", async ({
  page,
}) => {
  await page.goto(`/courses/${course.slug}/${second.slug}`);
  const note = page.getByTestId("sections-note");
  await expect(note).toContainText("up to 8 sections");
  await expect(note).toContainText(`This one has ${second.sections.length}`);
  await page.goto(`/courses/${course.slug}/${first.slug}`);
  await expect(page.getByTestId("sections-note")).toContainText(
    `This one has all ${first.sections.length}`,
  );
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("search opens from the header button and fits the screen", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("search-open").click();
    await page.getByRole("combobox", { name: "Search" }).fill("token bucket");
    await expect(page.getByTestId("search-hit").first()).toBeVisible();
    const box = await page.getByTestId("search-dialog").boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
