import fs from "node:fs";
import type { Page } from "@playwright/test";
import path from "node:path";
import { evaluateExample } from "@/lib/content/example-runner";
import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { exampleModules } from "@/lib/content/run-example";
import { dedentLines } from "@/lib/example-sandbox/output";
import { expect, test } from "./fixtures";

// The lesson a learner can play with: a lean Reference with its production code one click away,
// runnable examples, drawn figures and the cluster lab (issue 15).

const course = findCourse(loadCatalog(), "system-design")!;
const lesson = findLesson(course, "rate-limiter")!;
const sectionPath = (slug: string) => `/courses/${course.slug}/${lesson.slug}/${slug}`;

/** What an example prints, as the page shows it: the example's wording is the authors' to change. */
function printed(id: string, source?: string): string[] {
  const file = path.join(lesson.dir, "examples", `${id}.ts`);
  const text = source ?? fs.readFileSync(file, "utf8");
  return dedentLines(evaluateExample(file, text, exampleModules).lines).filter((l) => l !== "");
}

test("the Reference leads with the whiteboard script and opens each production file on its own page", async ({
  page,
}) => {
  await page.goto(sectionPath("reference"));
  const first = page.locator(".prose figure").first();
  await expect(first).toContainText("The script in lib/limiters/single-key-token-bucket-script.ts");
  await expect(first).toContainText("redis.call('HMGET', KEYS[1], 'tokens', 'ts')");
  await expect(page.locator(".prose")).not.toContainText(/decision \d{3}/i);

  await page.getByRole("link", { name: "lib/limiters/token-bucket.ts" }).click();
  await expect(page).toHaveURL(/\/code\/token-bucket$/);
  await expect(page.locator("h1")).toHaveText("lib/limiters/token-bucket.ts");
  await expect(page.locator("pre.shiki")).toContainText("export class TokenBucket");
  await page
    .getByRole("navigation", { name: "Breadcrumb" })
    .getByRole("link", { name: "Reference" })
    .click();
  await expect(page).toHaveURL(sectionPath("reference"));
});

test("a learner edits an example, runs it in the browser, sees the output change, and resets it", async ({
  page,
}) => {
  const id = "fixed-window-boundary";
  const source = fs.readFileSync(path.join(lesson.dir, "examples", `${id}.ts`), "utf8");
  expect(source, "the example states its limit of 100").toContain("100");
  const edited = source.replaceAll("100", "40");
  const before = printed(id);
  const after = printed(id, edited);
  expect(after).not.toEqual(before);

  await page.goto(sectionPath("understand"));
  const example = page.locator(`[data-example="${id}"]`);
  const output = example.locator("samp");
  await expect(example).toContainText("Output — computed when this page was built");
  for (const line of before) await expect(output).toContainText(line);

  await example.getByRole("button", { name: /Edit and run/ }).click();
  const editor = `file:///examples/${id}.ts`;
  await expect(example.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 30_000 });
  const setSource = (text: string) =>
    page.evaluate(
      ([p, t]) =>
        (
          window as unknown as {
            __tradeoffEditors: Record<string, { setValue(v: string): void }>;
          }
        ).__tradeoffEditors[p!]!.setValue(t!),
      [editor, text],
    );
  const shown = await page.evaluate(
    (p) =>
      (
        window as unknown as { __tradeoffEditors: Record<string, { getValue(): string }> }
      ).__tradeoffEditors[p]!.getValue(),
    editor,
  );
  expect(shown.trimEnd()).toBe(source.trimEnd());

  // Change the limit from 100 to 40 and run it again.
  await setSource(edited);
  await example.getByRole("button", { name: "Run", exact: true }).click();
  await expect(example).toContainText("Output — your version, run in your browser", {
    timeout: 30_000,
  });
  for (const line of after) await expect(output).toContainText(line);
  await expect(example.getByRole("status")).toHaveText(/Ran in \d+ ms/);

  // A mistake is reported, not swallowed.
  await setSource("export function run(print) { throw new Error('boom'); }");
  await example.getByRole("button", { name: "Run", exact: true }).click();
  await expect(example.getByRole("alert")).toHaveText("Error: boom (line 1)");

  await example.getByRole("button", { name: "Reset" }).click();
  await expect(example).toContainText("Output — computed when this page was built");
  for (const line of before) await expect(output).toContainText(line);
});

test.describe("an example the page shows only by what it printed", () => {
  // The failed fetch below is the browser's own console error; it is the case under test.
  test.use({ allowedConsoleErrors: [/status of 503/] });
  const id = "twelve-instances";
  const source = () => fs.readFileSync(path.join(lesson.dir, "examples", `${id}.ts`), "utf8");
  const editorValue = (page: Page) =>
    page.evaluate(
      (p) =>
        (
          window as unknown as { __tradeoffEditors: Record<string, { getValue(): string }> }
        ).__tradeoffEditors[p]!.getValue(),
      `file:///examples/${id}.ts`,
    );

  test("opens its program, fetched only when asked, in the editor", async ({ page }) => {
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith(`/examples/${id}.ts`)) fetched.push(request.url());
    });
    await page.goto(sectionPath("understand"));
    const example = page.locator(`[data-example="${id}"]`);
    await expect(example).toContainText("Output — computed when this page was built");
    await expect(example.locator("pre.shiki")).toHaveCount(0);
    expect(fetched, "the program is not part of the page").toEqual([]);

    await example.getByRole("button", { name: /Edit and run/ }).click();
    await expect(example.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 30_000 });
    expect((await editorValue(page)).trimEnd()).toBe(source().trimEnd());
    expect(fetched).toHaveLength(1);
  });

  test("says so when the program cannot be fetched, and opens it on the next try", async ({
    page,
  }) => {
    await page.goto(sectionPath("understand"));
    const example = page.locator(`[data-example="${id}"]`);
    await page.route(`**/examples/${id}.ts`, (route) => route.fulfill({ status: 503, body: "" }));
    await example.getByRole("button", { name: /Edit and run/ }).click();
    await expect(example.getByRole("alert")).toContainText("The program did not open");
    await expect(example.getByRole("alert")).toContainText("(HTTP 503)");
    await expect(example.getByRole("status")).toHaveText("Could not open the program");

    await page.unroute(`**/examples/${id}.ts`);
    await example.getByRole("button", { name: /Edit and run/ }).click();
    await expect(example.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 30_000 });
    expect((await editorValue(page)).trimEnd()).toBe(source().trimEnd());
    await expect(example.getByRole("alert")).toHaveCount(0);
  });
});

test("a reading page loads neither the editor nor the example sandbox until asked", async ({
  page,
}) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  await page.goto(sectionPath("understand"));
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("button", { name: /Edit and run/ }).first()).toBeVisible();
  expect(requested.filter((url) => /monaco|example-modules|\.wasm/i.test(url))).toEqual([]);
});

test("the cluster lab starts on the lesson's 300 and recomputes as a control changes", async ({
  page,
}) => {
  await page.goto(sectionPath("understand"));
  const lab = page.getByTestId("cluster-lab");
  const admitted = lab.getByTestId("lab-admitted");
  await expect(admitted).toHaveText(/Admitted 300 of 300 — the documented limit is 100/);
  // The lab's buttons answer once it has loaded, which it does as it comes near the screen.
  await lab.scrollIntoViewIfNeeded();
  await expect(page.locator("[data-lab-live] [data-testid='cluster-lab']")).toBeVisible({
    timeout: 30_000,
  });

  await lab.getByRole("button", { name: "Divided, 70/20/10 routing" }).click();
  await expect(admitted).toHaveText(/Admitted 63 of 100/);
  await lab.getByRole("button", { name: "12 instances, autoscaled" }).click();
  await expect(admitted).toHaveText(/Admitted 1,200 of 2,000/);

  // From a preset to a changed control: put the counter in a shared store.
  await lab.getByRole("radio", { name: "In a shared store" }).check();
  await expect(admitted).toHaveText(/Admitted 100 of 2,000/);
  await expect(lab.getByRole("button", { name: "12 instances, autoscaled" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );

  // A store outage under each policy.
  await lab.getByRole("radio", { name: "Fail open (admit)" }).check();
  await expect(admitted).not.toHaveText(/Admitted 100 of/);
  await lab.getByRole("radio", { name: "Fail closed (refuse)" }).check();
  await expect(admitted).toHaveText(/Admitted 100 of 2,000/);

  await lab.getByLabel("Instances", { exact: true }).fill("0");
  await expect(lab.getByRole("alert")).toHaveText("Instances must be a whole number from 1 to 24.");
  await lab.getByLabel("Instances", { exact: true }).fill("4");
  await expect(lab.getByRole("table")).toContainText("4");
  await expect(lab.locator("svg[role=img]")).toHaveAttribute("aria-label", /Admitted requests/);
});

test("the drawn figures are images with a name, a summary and the data as a table", async ({
  page,
}) => {
  for (const [section, titles] of [
    [
      "understand",
      [
        "The fixed window's boundary burst",
        "The token bucket's level under bursts",
        "How the sliding counter weighs the previous window",
        "Where the counter lives in a multi-instance deployment",
      ],
    ],
    ["reference", ["The Redis script's atomic round trip"]],
  ] as const) {
    await page.goto(sectionPath(section));
    for (const title of titles) {
      const image = page.getByRole("img", { name: title });
      await expect(image).toBeVisible();
      const figure = page.locator("figure", { has: image });
      await expect(figure.locator("figcaption")).toContainText(title);
      await figure.getByText("The figure as a table").click();
      await expect(figure.getByRole("table")).toBeVisible();
    }
  }
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("figures and the lab fit the screen without sideways scrolling", async ({ page }) => {
    await page.goto(sectionPath("understand"));
    await expect(
      page.getByRole("img", { name: "The fixed window's boundary burst" }),
    ).toBeVisible();
    await expect(page.getByTestId("cluster-lab")).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});
