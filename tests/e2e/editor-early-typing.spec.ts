import fs from "node:fs";
import path from "node:path";
import type { Page, Route } from "@playwright/test";
import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { expect, test } from "./fixtures";

// The exercise page before Monaco has arrived (decision 243): the code is there at once,
// highlighted and editable, keystrokes are kept, and Monaco takes over where the learner stands.
// Monaco's script is held back by the test, so "before Monaco" is a state the test controls, not a
// race with the machine's speed.

const course = findCourse(loadCatalog(), "system-design")!;
const lesson = findLesson(course, "rate-limiter")!;
const exercise = lesson.exercises.find((e) => e.slug === "fixed-window")!;
const exercisePath = `/courses/${course.slug}/${lesson.slug}/exercises/${exercise.slug}`;
const modelPath = `file:///exercises/${exercise.slug}/solution.ts`;
const starter = fs.readFileSync(path.join(exercise.dir, "starter.ts"), "utf8");

// A new learner has no server draft yet: the draft API answers 404, which Chromium logs.
test.use({ allowedConsoleErrors: [/status of 404 .*\/api\/drafts\//] });

/** Holds back every script whose body `matches` until release() is called. */
async function holdScripts(page: Page, matches: (body: Buffer) => boolean) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route("**/_next/static/chunks/**", async (route: Route) => {
    try {
      const response = await route.fetch();
      const body = await response.body();
      if (matches(body)) {
        held++;
        await released;
      }
      await route.fulfill({ response, body });
    } catch {
      // The page closed while the script was held: nothing left to answer.
    }
  });
  return { release, held: () => held };
}

/** Holds back every script carrying Monaco until release() is called. */
const holdMonaco = (page: Page) => holdScripts(page, (body) => body.includes("MonacoEnvironment"));

function monacoValue(page: Page): Promise<string | null> {
  return page.evaluate((key) => {
    const editors = (
      window as unknown as { __tradeoffEditors?: Record<string, { getValue(): string }> }
    ).__tradeoffEditors;
    return editors?.[key]?.getValue() ?? null;
  }, modelPath);
}

test("keystrokes typed as soon as the code shows are all kept when Monaco takes over", async ({
  page,
}) => {
  const monaco = await holdMonaco(page);
  await page.goto(exercisePath, { waitUntil: "commit" });
  const code = page.getByTestId("editor").getByTestId("editor-skeleton");
  await expect(code).toBeVisible();
  await code.click();
  await page.keyboard.press("ControlOrMeta+Home");
  const typed = "// typed before the editor loaded\n";
  await page.keyboard.type(typed, { delay: 20 });
  // Line breaks typed into a contenteditable may be <br> elements: the text is checked in Monaco.
  await expect(code).toContainText("// typed before the editor loaded");

  // Monaco is asked for once the page has hydrated and is idle: seconds on a loaded machine.
  await expect.poll(monaco.held, { timeout: 30_000 }).toBeGreaterThan(0);
  monaco.release();
  await expect(page.locator("[data-editor-ready=true]").first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => monacoValue(page)).toBe(`${typed}${starter}`);

  // The caret and the focus moved over too: typing goes on where it stopped.
  await page.keyboard.type("// and after\n", { delay: 20 });
  await expect.poll(() => monacoValue(page)).toBe(`${typed}// and after\n${starter}`);
});

test("keystrokes typed before the page's own script has run are kept, with the caret", async ({
  page,
}) => {
  // Every script but Monaco's is held until the typing is done, so the keys land on the server's
  // HTML alone and hydration comes after them, as on a slow phone.
  let pageScripts!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (pageScripts = resolve));
  let heldScripts = 0;
  const monaco = await holdMonaco(page);
  await page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route: Route) => {
    heldScripts++;
    await scriptsHeld;
    await route.fallback();
  });
  await page.goto(exercisePath, { waitUntil: "commit" });
  const code = page.getByTestId("editor").getByTestId("editor-skeleton");
  await expect(code).toBeVisible();
  await code.click();
  await page.keyboard.press("ControlOrMeta+Home");
  const typed = "// typed before hydration\n";
  await page.keyboard.type(typed, { delay: 20 });
  expect(heldScripts, "the page's scripts were still held while typing").toBeGreaterThan(0);
  pageScripts();

  await expect.poll(monaco.held, { timeout: 30_000 }).toBeGreaterThan(0);
  // Hydrated, and nothing moved the caret: the next keys follow the first.
  await page.keyboard.type("// after hydration\n", { delay: 20 });
  monaco.release();
  await expect(page.locator("[data-editor-ready=true]").first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => monacoValue(page)).toBe(`${typed}// after hydration\n${starter}`);
});

test("before Monaco the code is highlighted, Ctrl+Enter runs it, and Monaco does not move it", async ({
  page,
}) => {
  const monaco = await holdMonaco(page);
  await page.goto(exercisePath);
  const code = page.getByTestId("editor").getByTestId("editor-skeleton");
  // Build-time highlighting: palette classes from shiki, no inline colours.
  await expect(code.locator("code > span").first()).toBeVisible();
  expect(await code.locator("span[class*='l']").count()).toBeGreaterThan(10);
  expect(await code.locator("[style]").count()).toBe(0);

  // The starter fails its tests: Run (Ctrl+Enter) judges what the plain layer holds.
  await code.click();
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(page.getByTestId("verdict")).toBeVisible({ timeout: 30_000 });

  // Measured once the page has settled: a Run can still change what is around the editor (its
  // result, the header's "Save your progress") for a moment after the verdict shows.
  // Monaco recycles its line elements and places them by style, so the first in the DOM need not be
  // the first on screen, and a line can be detached while it re-renders: the topmost box is read in
  // the page, and a moment with none counts as "not settled yet".
  const topmostBox = (selector: string) =>
    page.evaluate((css) => {
      const boxes = [...document.querySelectorAll(`[data-testid=editor] ${css}`)]
        .map((element) => element.getBoundingClientRect())
        .filter((rect) => rect.width > 0 && rect.height > 0)
        .sort((a, b) => a.y - b.y || a.x - b.x);
      const first = boxes[0];
      return first ? { x: first.x, y: first.y, height: first.height } : null;
    }, selector);
  const firstLine = async (selector: string) => {
    await expect.poll(() => topmostBox(selector)).not.toBeNull();
    let last = await topmostBox(selector);
    // Three equal readings 200 ms apart, or give up waiting after 5 s and compare what is there.
    for (let still = 0, tries = 0; still < 3 && tries < 25; tries++) {
      await page.waitForTimeout(200);
      const box = await topmostBox(selector);
      still =
        box && last && box.x === last.x && box.y === last.y && box.height === last.height
          ? still + 1
          : 0;
      last = box ?? last;
    }
    return last!;
  };
  // The first token of the first line, in each: both are inline boxes in a line of the same height.
  const before = await firstLine("[data-testid=editor-skeleton] code > span");
  monaco.release();
  await expect(page.locator("[data-editor-ready=true]").first()).toBeVisible({ timeout: 30_000 });
  const after = await firstLine(".view-line > span > span");
  // The first line of code starts where it was, at the same size (within a pixel: Monaco rounds
  // its gutter).
  expect(Math.abs(after.x - before.x)).toBeLessThanOrEqual(1.5);
  expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(1.5);
  expect(Math.abs(after.height - before.height)).toBeLessThanOrEqual(1);
});

test("a lesson page prefetches the editor once the reader is active, without running it", async ({
  page,
}) => {
  const practice = lesson.sections.find((s) => s.slug === "practice") ?? lesson.sections[0]!;
  const prefetched: string[] = [];
  page.on("request", (request) => {
    if (/\/_next\/static\/chunks\/.+\.(js|css)$/.test(request.url()))
      prefetched.push(request.url());
  });
  await page.goto(`/courses/${course.slug}/${lesson.slug}/${practice.slug}`);
  await page.waitForLoadState("networkidle");
  const { files } = (await (await page.request.get("/api/editor-assets")).json()) as {
    files: string[];
  };
  expect(files.length, "the editor's chunks found in the build").toBeGreaterThan(0);
  expect(prefetched.filter((url) => files.some((file) => url.endsWith(file)))).toEqual([]);

  await page.mouse.move(200, 200);
  await page.mouse.move(220, 260);
  await expect
    .poll(() => files.filter((file) => !prefetched.some((url) => url.endsWith(file))), {
      timeout: 15_000,
    })
    .toEqual([]);
  const ran = await page.evaluate(
    () => "MonacoEnvironment" in window || document.querySelector(".monaco-editor") !== null,
  );
  expect(ran, "Monaco ran on a reading page").toBe(false);
});
