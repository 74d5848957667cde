import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { expect, test } from "./fixtures";
import { seriousViolations } from "./accessibility-scan";

// The exercise page as a workspace: resizable panes that fill a laptop screen, each scrolling on
// its own, editor settings that are remembered, focus mode; on a phone, the same panes behind tabs.

const course = findCourse(loadCatalog(), "system-design")!;
const lesson = findLesson(course, "rate-limiter")!;
const exercise = lesson.exercises.find((e) => e.slug === "fixed-window")!;
const exercisePath = `/courses/${course.slug}/${lesson.slug}/exercises/${exercise.slug}`;
const modelPath = `file:///exercises/${exercise.slug}/solution.ts`;
const solutionSource = fs.readFileSync(path.join(exercise.dir, "solution.ts"), "utf8");

test.use({ allowedConsoleErrors: [/status of 404 .*\/api\/drafts\//] });

interface RawOptions {
  wordWrap?: string;
  fontSize?: number;
  stickyScroll?: { enabled?: boolean };
}

function editorOptions(page: Page): Promise<RawOptions | null> {
  return page.evaluate((key) => {
    const editors = (
      window as unknown as {
        __tradeoffEditors?: Record<string, { getRawOptions(): RawOptions }>;
      }
    ).__tradeoffEditors;
    const raw = editors?.[key]?.getRawOptions();
    return raw
      ? { wordWrap: raw.wordWrap, fontSize: raw.fontSize, stickyScroll: raw.stickyScroll }
      : null;
  }, modelPath);
}

async function openExercise(page: Page, { monaco = true } = {}) {
  await page.goto(exercisePath);
  await expect(page.locator("h1")).toHaveText(exercise.title);
  // Attached, not visible: on a phone the editor waits behind its tab. On a touch screen Monaco
  // starts only when the code is touched; until then the code is a plain editable layer.
  const editor = monaco ? "[data-editor-ready=true]" : "[data-editor-ready]";
  await expect(page.locator(editor).first()).toBeAttached({ timeout: 30_000 });
}

// Counts every request forever, so it denies the whole second burst of "fixed window admits 2x the
// limit across a boundary": its first divergence is request 102, one of 101 at t=60s.
const neverResets = `import type { Clock } from "judge";

export class FixedWindow {
  private count = 0;

  constructor(readonly limit: number, readonly windowMs: number, private readonly clock: Clock) {}

  allow(): boolean {
    if (this.count >= this.limit) return false;
    this.count++;
    return true;
  }
}
`;

async function setCode(page: Page, code: string) {
  await page.evaluate(
    ([key, text]) => {
      const editors = (
        window as unknown as { __tradeoffEditors?: Record<string, { setValue(v: string): void }> }
      ).__tradeoffEditors;
      editors![key!]!.setValue(text!);
    },
    [modelPath, code],
  );
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Runs the never-resetting limiter and checks the crowded timeline of the boundary test: every
 * request drawn once per lane (bursts as runs), "×N" counts, each tick labelled once, and no label
 * on top of another, at a size that can be read.
 */
async function expectReadableBurstTimeline(page: Page, viewportWidth: number) {
  await setCode(page, neverResets);
  await page.getByTestId("run").click();
  await expect(page.getByTestId("verdict")).toHaveText("Wrong answer");
  const row = page.getByTestId("test-result").filter({ hasText: "2x the limit" });
  await expect(row).toHaveAttribute("data-status", "fail");
  const timeline = row.getByTestId("timeline");
  if (!(await timeline.isVisible())) await row.getByText("Timeline", { exact: true }).click();
  await expect(timeline).toBeVisible();
  await timeline.scrollIntoViewIfNeeded();

  const caption = timeline.getByTestId("divergence-caption");
  // The longest wording that fits: all of it on a laptop, a shorter one on a phone.
  await expect(caption).toHaveText(
    viewportWidth >= 1000
      ? "first divergence: request 102 · ×101 at once"
      : /^(first )?divergence: request 102 · ×101/,
  );
  await expect(timeline.getByTestId("burst-label")).toHaveText(["×100", "×101"]);
  // 100 + 1 + 100 + 1 requests, each standing in exactly one run of each lane.
  const drawn = await timeline
    .locator("rect[data-count]")
    .evaluateAll((cells) => cells.reduce((sum, cell) => sum + Number(cell.dataset.count), 0));
  expect(drawn).toBe(2 * 202);

  const ticks = timeline.getByTestId("tick-label");
  const labels = await ticks.allTextContents();
  expect(labels.length).toBeGreaterThanOrEqual(2);
  expect(new Set(labels).size).toBe(labels.length);

  const figure = (await timeline.boundingBox())!;
  expect(figure.x + figure.width).toBeLessThanOrEqual(viewportWidth);
  const texts = [
    caption,
    ...(await timeline.getByTestId("burst-label").all()),
    ...(await ticks.all()),
  ];
  const boxes: Box[] = [];
  for (const text of texts) boxes.push((await text.boundingBox())!);
  for (const [i, a] of boxes.entries()) {
    // Drawn at the size it is shown at: 10.5px labels stay about that tall on a phone.
    expect(a.height, `label ${i} height in px`).toBeGreaterThanOrEqual(10);
    expect(a.x, `label ${i} inside the chart`).toBeGreaterThanOrEqual(figure.x - 1);
    expect(a.x + a.width).toBeLessThanOrEqual(figure.x + figure.width + 1);
    for (const b of boxes.slice(i + 1))
      expect(overlaps(a, b), `label ${i} overlaps another`).toBe(false);
  }
  expect(await seriousViolations(page)).toEqual([]);
}

async function box(page: Page, testId: string) {
  const found = await page.getByTestId(testId).boundingBox();
  expect(found, `${testId} has a box`).not.toBeNull();
  return found!;
}

test.describe("on a 1440×900 laptop screen", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("prompt and editor sit side by side, fill the screen and scroll on their own", async ({
    page,
  }) => {
    await openExercise(page);
    const prompt = await box(page, "pane-prompt");
    const editor = await box(page, "editor");
    expect(editor.height, "editor height in px").toBeGreaterThanOrEqual(0.6 * 900);
    expect(prompt.x + prompt.width).toBeLessThanOrEqual(editor.x);
    const workspace = await box(page, "workspace");
    expect(workspace.y + workspace.height).toBeLessThanOrEqual(900);

    // The prompt scrolls inside its pane; the page itself does not move.
    const scroller = page.locator('[data-pane="prompt"] > div');
    const overflowing = await scroller.evaluate((el) => el.scrollHeight > el.clientHeight);
    expect(overflowing, "the prompt is longer than its pane").toBe(true);
    await page.getByTestId("pane-prompt").hover();
    await page.mouse.wheel(0, 600);
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole("button", { name: /Show a hint/ })).toBeInViewport();
  });

  test("results arrive in their own pane without moving the editor", async ({ page }) => {
    await openExercise(page);
    const before = await box(page, "editor");
    await page.getByTestId("run").click();
    await expect(page.getByTestId("verdict")).toHaveText("Wrong answer");
    const after = await box(page, "editor");
    expect(after).toEqual(before);
    await expect(page.getByTestId("pane-results").getByTestId("results")).toBeVisible();
    // One account of time: the judge's milliseconds of work, the unit its limits use.
    await expect(page.getByTestId("work-used")).toHaveText(/^[\d,]+ ms of work$/);
    // Each tick of the timeline's time axis is labelled once.
    const labels = await page
      .getByTestId("timeline")
      .first()
      .getByTestId("tick-label")
      .allTextContents();
    expect(labels.length).toBeGreaterThan(1);
    expect(new Set(labels).size).toBe(labels.length);
  });

  test("a dragged split, word wrap and font size are remembered across visits", async ({
    page,
  }) => {
    await openExercise(page);
    const separator = page.getByRole("separator", { name: "Resize the prompt and the code" });
    const promptBefore = (await box(page, "pane-prompt")).width;
    await separator.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await expect
      .poll(async () => (await box(page, "pane-prompt")).width)
      .toBeGreaterThan(promptBefore + 50);
    const promptWidened = (await box(page, "pane-prompt")).width;

    await page.getByTestId("word-wrap").click();
    await expect(page.getByTestId("word-wrap")).toHaveAttribute("aria-pressed", "true");
    await page.getByTestId("font-larger").click();
    await page.getByTestId("font-larger").click();
    await expect(page.getByTestId("font-size")).toHaveText("16 px");
    await expect.poll(async () => (await editorOptions(page))?.wordWrap).toBe("on");
    expect((await editorOptions(page))?.fontSize).toBe(16);

    await page.reload();
    await expect(page.locator("[data-editor-ready=true]").first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("font-size")).toHaveText("16 px");
    await expect(page.getByTestId("word-wrap")).toHaveAttribute("aria-pressed", "true");
    await expect.poll(async () => (await editorOptions(page))?.wordWrap).toBe("on");
    await expect
      .poll(async () => Math.round((await box(page, "pane-prompt")).width))
      .toBe(Math.round(promptWidened));
  });

  test("a pointer drags the split, which comes back after a client-side navigation too", async ({
    page,
  }) => {
    await openExercise(page);
    const separator = page.getByTestId("separator-columns");
    const columns = await box(page, "exercise-columns");
    const bar = await box(page, "separator-columns");
    await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
    await page.mouse.down();
    await page.mouse.move(columns.x + 0.55 * columns.width, bar.y + bar.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(separator).toHaveAttribute("aria-valuenow", "55");
    const dragged = (await box(page, "pane-prompt")).width;
    expect(dragged).toBeGreaterThan(0.5 * columns.width);

    // From the lesson's practice section the exercise opens without a page load: no inline script
    // runs, and the separator applies the remembered split itself.
    await page.goto(`/courses/${course.slug}/${lesson.slug}/practice`);
    await page.evaluate(() => Object.assign(window, { samePageLoad: true }));
    await page.getByRole("link", { name: exercise.title, exact: true }).first().click();
    await expect(page.locator("h1")).toHaveText(exercise.title);
    expect(await page.evaluate(() => "samePageLoad" in window)).toBe(true);
    await expect(page.getByTestId("separator-columns")).toHaveAttribute("aria-valuenow", "55");
    await expect
      .poll(async () => Math.round((await box(page, "pane-prompt")).width))
      .toBe(Math.round(dragged));
  });

  test("focus mode fills the window and Esc leaves it", async ({ page }) => {
    await openExercise(page);
    await page.getByTestId("focus-mode").click();
    const workspace = await box(page, "workspace");
    expect(workspace).toMatchObject({ x: 0, y: 0, width: 1440, height: 900 });
    // The site header is covered: what sits at its place is the workspace.
    const onTop = await page.evaluate(() =>
      Boolean(document.elementFromPoint(700, 20)?.closest("[data-testid=workspace]")),
    );
    expect(onTop).toBe(true);
    const editor = await box(page, "editor");
    expect(editor.height).toBeGreaterThan(0.65 * 900);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("focus-mode")).toHaveAttribute("aria-pressed", "false");
    expect((await box(page, "workspace")).y).toBeGreaterThan(50);
  });

  test("sticky scroll is off, so a paste leaves no pinned copy of a line", async ({ page }) => {
    // The headless shell refuses clipboard writes unless the page is granted them.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await openExercise(page);
    expect((await editorOptions(page))?.stickyScroll?.enabled).toBe(false);
    const long = Array.from({ length: 6 }, () => solutionSource).join("\n");
    await page.evaluate(async (text) => navigator.clipboard.writeText(text), long);
    await page.getByTestId("editor").locator(".view-lines").click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("ControlOrMeta+v");
    await expect(
      page.getByTestId("editor").locator(".sticky-widget-lines .sticky-line-content"),
    ).toHaveCount(0);
  });

  test("a crowded burst on the timeline is drawn as runs with its count, every label readable", async ({
    page,
  }) => {
    await openExercise(page);
    await expectReadableBurstTimeline(page, 1440);
  });

  test("the workspace has no serious accessibility violations", async ({ page }) => {
    await openExercise(page);
    await page.getByTestId("run").click();
    await expect(page.getByTestId("verdict")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("the panes stack behind Prompt, Code and Results tabs", async ({ page }) => {
    await openExercise(page, { monaco: false });
    const tabs = page.getByRole("tab");
    await expect(tabs).toHaveText(["Prompt", "Code", "Results"]);
    await expect(page.getByTestId("pane-prompt")).toBeVisible();
    await expect(page.getByTestId("editor")).toBeHidden();

    await page.getByRole("tab", { name: "Code" }).click();
    await expect(page.getByTestId("pane-prompt")).toBeHidden();
    const editor = await box(page, "editor");
    expect(editor.width).toBeLessThanOrEqual(375);
    expect(editor.height).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    // Touching the code starts Monaco.
    await expect(page.locator("[data-editor-ready=false]").first()).toBeAttached();
    await page.getByTestId("editor").getByTestId("editor-skeleton").tap();
    await expect(page.locator("[data-editor-ready=true]").first()).toBeVisible({ timeout: 30_000 });

    await page.getByTestId("run").click();
    // The results open by themselves, with the verdict on the tab.
    await expect(page.getByRole("tab", { name: /Results/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByTestId("verdict")).toBeVisible();
    await expect(page.getByRole("tab", { name: /Results/ })).toContainText("failed");
    // A long test name wraps beside its ✓/✗, which stays on the name's first line.
    const rows = page.getByTestId("test-result");
    for (let i = 0; i < (await rows.count()); i++) {
      const icon = await rows.nth(i).locator("[role=img]").first().boundingBox();
      const name = await rows.nth(i).locator("[role=img] + span").boundingBox();
      expect(Math.abs(icon!.y - name!.y), `row ${i}`).toBeLessThan(8);
      expect(icon!.x + icon!.width).toBeLessThanOrEqual(name!.x);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a crowded burst on the timeline stays readable on a phone", async ({ page }) => {
    await openExercise(page, { monaco: false });
    await page.getByRole("tab", { name: "Code" }).click();
    // Touching the code starts Monaco, whose model the test writes the code into.
    await page.getByTestId("editor").getByTestId("editor-skeleton").tap();
    await expect(page.locator("[data-editor-ready=true]").first()).toBeVisible({ timeout: 30_000 });
    await expectReadableBurstTimeline(page, 375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });

  test("keyboard shortcut hints are not shown on a touch screen", async ({ page }) => {
    await openExercise(page, { monaco: false });
    await page.getByRole("tab", { name: "Results" }).click();
    await expect(page.getByTestId("results-empty")).toBeVisible();
    await expect(page.getByTestId("shortcuts")).toBeHidden();
  });

  test("tabs follow the arrow keys", async ({ page }) => {
    await openExercise(page, { monaco: false });
    await page.getByRole("tab", { name: "Prompt" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Code" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Code" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("End");
    await expect(page.getByRole("tab", { name: "Results" })).toBeFocused();
  });
});

test("on a laptop with a mouse, the shortcut hints are shown", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openExercise(page);
  await expect(page.getByTestId("shortcuts")).toBeVisible();
});
