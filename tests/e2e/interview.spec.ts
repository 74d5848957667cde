import Database from "better-sqlite3";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { seriousViolations } from "./accessibility-scan";

// Issue 17, in Chromium with a fake microphone (playwright.config.ts): the timed answer drill with a
// recording kept in IndexedDB, the same drill typed by a learner who refuses the microphone and uses
// only the keyboard, the interviewer's follow-ups graded into FSRS, and the full round with its
// canvas served from our own origin.

const course = "system-design";
const lesson = "rate-limiter";
const room = `/interview/${course}/${lesson}`;
const attemptsApi = `/api/interview/${course}/${lesson}/attempts`;

/** Presses Tab until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test("a spoken drill is recorded in the browser, played back, deleted and scored 4 of 6", async ({
  page,
}) => {
  await page.goto(`/courses/${course}/${lesson}`);
  await page.getByTestId("mock-interview-link").click();
  await expect(page.locator("h1")).toHaveText("Mock interview");
  await page.getByRole("link", { name: "The 45-second answer" }).click();
  await expect(page.getByTestId("drill-prompt")).toHaveText(
    "How would you implement a rate limiter?",
  );
  await expect(page.getByTestId("no-attempts")).toBeVisible();

  await page.getByRole("button", { name: "Start the answer" }).click();
  await expect(page.getByTestId("recording-live")).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText(/0:4[45]/);
  await page.waitForTimeout(2_000);
  await expect(page.getByRole("timer")).toHaveText(/0:4[0-3]/);
  await page.getByRole("button", { name: "Stop and check my answer" }).click();

  // The model answer beside the six-point rubric; the recording is in this browser only.
  await expect(page.getByTestId("model-answer").locator("li")).toHaveCount(6);
  const recordings = page.getByTestId("recording");
  await expect(recordings).toHaveCount(1);
  const audio = recordings.first().locator("audio");
  const duration = await audio.evaluate(async (element: HTMLAudioElement) => {
    element.muted = true;
    await element.play();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const played = element.currentTime;
    element.pause();
    return played;
  });
  expect(duration).toBeGreaterThan(0);
  const stored = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("tradeoff-interview");
        open.onsuccess = () => {
          const count = open.result.transaction("recordings").objectStore("recordings").count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
  expect(stored).toBe(1);

  const rubric = page.getByTestId("rubric");
  for (const point of [0, 2, 3, 5]) await rubric.getByRole("checkbox").nth(point).check();
  await expect(page.getByTestId("rubric-score")).toHaveText("4 of 6");
  await page.getByRole("button", { name: "Save 4 of 6" }).click();
  await expect(page.getByTestId("drill-status")).toContainText("Saved: 4 of 6");
  await expect(page.getByTestId("attempt-score").first()).toHaveText("4 of 6");

  await recordings
    .first()
    .getByRole("button", { name: /Delete/ })
    .click();
  await expect(recordings).toHaveCount(0);

  // Stored in progress for this anonymous learner: score, time, date, and no audio.
  const body = await (await page.request.get(`${attemptsApi}?kind=drill`)).json();
  expect(body.attempts).toHaveLength(1);
  expect(body.attempts[0]).toMatchObject({ score: 4, total: 6, timeLimitMs: 45_000 });
  expect(body.attempts[0].timeUsedMs).toBeGreaterThan(1_500);
  expect(body.attempts[0].timeUsedMs).toBeLessThan(45_000);
  expect(Date.now() - new Date(body.attempts[0].createdAt).getTime()).toBeLessThan(60_000);
  await page.reload();
  await expect(page.getByTestId("attempt-score").first()).toHaveText("4 of 6");
});

test.describe("a learner who refuses the microphone", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
  });

  test("types the answer, with the keyboard only, until the countdown runs out", async ({
    page,
  }) => {
    await page.goto(`${room}/drill`);
    const seconds = page.getByLabel("Seconds to answer");
    await tabTo(page, seconds);
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("10");
    await tabTo(page, page.getByRole("button", { name: "Start the answer" }));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("capture-notice")).toContainText("type your answer instead");
    const answer = page.getByLabel("Your answer");
    await expect(answer).toBeFocused();
    await page.keyboard.type("Token bucket by default; 429 with Retry-After.");
    // Nobody presses Stop: the countdown ends the answer at ten seconds.
    await expect(page.getByRole("heading", { name: "Check your answer" })).toBeFocused({
      timeout: 15_000,
    });
    await expect(page.getByText("You used 10 of 10 seconds")).toBeVisible();
    await tabTo(page, page.getByRole("checkbox").first());
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect(page.getByTestId("rubric-score")).toHaveText("2 of 6");
    await tabTo(page, page.getByRole("button", { name: "Save 2 of 6" }));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("drill-status")).toContainText("Saved: 2 of 6 in 10 s");
    const body = await (await page.request.get(`${attemptsApi}?kind=drill`)).json();
    expect(body.attempts[0]).toMatchObject({ score: 2, total: 6, timeUsedMs: 10_000 });
  });
});

test("a follow-up session asks the weakest first and grades the cards' FSRS schedule", async ({
  page,
}) => {
  // One card already known well: the interviewer leaves it for last.
  await page.goto(`${room}/follow-ups`);
  const graded = await page.request.post("/api/cards/review", {
    data: { course, lesson, card: "next-move-implement", rating: 4 },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(graded.status()).toBe(200);
  await page.reload();
  const order = page.getByTestId("question-order").locator("li");
  await expect(order).toHaveCount(9);
  await expect(order.last()).toHaveAttribute("data-card", "next-move-implement");
  const firstThree = await order.evaluateAll((items) =>
    items.slice(0, 3).map((item) => item.getAttribute("data-card")),
  );

  await page.getByLabel("Questions in this session").selectOption("3");
  await page.getByRole("button", { name: "Start the interview" }).click();
  const ratings = ["Again", "Good", "Easy"];
  for (const [index, rating] of ratings.entries()) {
    await expect(page.getByTestId("question")).toHaveAttribute("data-card", firstThree[index]!);
    await expect(page.getByRole("timer")).toBeVisible();
    await page.waitForTimeout(500);
    await page.getByRole("button", { name: "Stop and check my answer" }).click();
    await expect(page.getByTestId("model-answer")).toBeVisible();
    if (rating !== "Again") await page.getByTestId("rubric").getByRole("checkbox").first().check();
    await page.getByRole("button", { name: new RegExp(`^${rating}`) }).click();
    await expect(page.getByTestId("graded")).toContainText(`Graded ${rating}`);
    await page
      .getByRole("button", { name: index === 2 ? "See the summary" : "Next question" })
      .click();
  }
  await expect(page.getByTestId("summary")).toBeVisible();
  await expect(page.getByTestId("summary-strong").locator("li")).toHaveCount(2);
  await expect(page.getByTestId("summary-revisit").locator("li")).toHaveCount(1);
  await expect(page.getByTestId("summary-next-due").locator("time")).toBeVisible();
  await expect(page.getByTestId("attempt-score").first()).toHaveText(/^2 of \d+$/);

  const cards = (await (await page.request.get(`/api/cards/${course}/${lesson}`)).json()).cards;
  for (const card of firstThree) expect(cards[card!]).toMatchObject({ reps: 1 });
  const again = new Date(cards[firstThree[0]!].due).getTime() - Date.now();
  const easy = new Date(cards[firstThree[2]!].due).getTime() - Date.now();
  expect(again).toBeLessThan(10 * 60_000);
  expect(easy).toBeGreaterThan(24 * 60 * 60_000);
  const sessions = (await (await page.request.get(`${attemptsApi}?kind=follow-ups`)).json())
    .attempts;
  expect(sessions).toHaveLength(1);
  expect(sessions[0].parts.map((p: { id: string }) => p.id)).toEqual(firstThree);
});

test("the full round keeps notes and a drawing made on a canvas served from our origin", async ({
  page,
}) => {
  const assets: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/canvas-assets/")) assets.push(request.url());
  });
  await page.goto(`${room}/simulation`);
  await page.getByRole("button", { name: "Start the round" }).click();
  await expect(page.getByTestId("phase-title")).toHaveText("Requirements");
  await expect(page.getByTestId("phase-clock")).toContainText("left in this phase");
  await page.getByLabel(/Notes/).fill("Limit per API key; bursts of 20, 5 per second.");
  await page.getByRole("button", { name: "Next: API and contract" }).click();
  await page.getByRole("button", { name: "Next: High-level design" }).click();
  await expect(page.getByTestId("phase-title")).toHaveText("High-level design");

  const canvas = page.getByTestId("canvas").locator("canvas.interactive");
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await canvas.click({ position: { x: box.width / 2, y: box.height / 2 } });
  await page.keyboard.press("r");
  await page.mouse.move(box.x + 420, box.y + 120);
  await page.mouse.down();
  await page.mouse.move(box.x + 600, box.y + 240, { steps: 5 });
  await page.mouse.up();
  // A label needs the hand-drawn font: it must come from /canvas-assets/, not a CDN.
  await page.keyboard.press("t");
  await page.mouse.click(box.x + 500, box.y + 320);
  await page.keyboard.type("Redis");
  await page.keyboard.press("Escape");
  await expect.poll(() => assets.length, { timeout: 10_000 }).toBeGreaterThan(0);

  await page.getByRole("button", { name: "End the round and score it" }).click();
  await page.getByLabel("Named the key the limit is counted against").check();
  await page.getByLabel("Put the count in one shared store rather than in each instance").check();
  await page.getByRole("button", { name: "Save the scorecard" }).click();
  await expect(page.getByTestId("simulation-status")).toContainText("Saved: 2 of 14");
  await expect(page.getByTestId("round-total").first()).toHaveText("2 of 14");

  const rounds = (await (await page.request.get(`${attemptsApi}?kind=simulation`)).json()).attempts;
  expect(rounds[0].parts).toHaveLength(5);
  const saved = await (await page.request.get(`/api/interview/attempts/${rounds[0].id}`)).json();
  expect(saved.notes).toContain("Limit per API key");
  const types = JSON.parse(saved.drawing).elements.map((e: { type: string }) => e.type);
  expect(types).toEqual(expect.arrayContaining(["rectangle", "text"]));
  expect(assets.every((url) => new URL(url).hostname === "127.0.0.1")).toBe(true);

  // The saved round reopens with its notes and its drawing, read-only.
  await page.getByRole("button", { name: "Open round" }).first().click();
  await expect(page.getByTestId("saved-notes")).toContainText("Limit per API key");
  await expect(
    page.getByTestId("saved-round").getByTestId("canvas").locator("canvas.interactive"),
  ).toBeVisible({ timeout: 30_000 });
});

test("the interview pages have no serious or critical axe violations", async ({ page }) => {
  for (const [target, colorScheme] of [
    [room, "light"],
    [`${room}/drill`, "light"],
    [`${room}/drill`, "dark"],
    [`${room}/follow-ups`, "light"],
    [`${room}/simulation`, "dark"],
    ["/interview", "light"],
  ] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto(target);
    expect(await seriousViolations(page), `${target} in ${colorScheme}`).toEqual([]);
  }
  // Mid-drill and at the review step too.
  await page.goto(`${room}/drill`);
  await page.getByLabel("Typing").check();
  await page.getByRole("button", { name: "Start the answer" }).click();
  expect(await seriousViolations(page), "answering").toEqual([]);
  await page.getByRole("button", { name: "Stop and check my answer" }).click();
  expect(await seriousViolations(page), "checking").toEqual([]);
  // The round with its canvas open.
  await page.goto(`${room}/simulation`);
  await page.getByRole("button", { name: "Start the round" }).click();
  await page.getByRole("button", { name: /High-level design/ }).click();
  await expect(page.getByTestId("canvas").locator("canvas.interactive")).toBeVisible({
    timeout: 30_000,
  });
  expect(await seriousViolations(page), "the round's canvas").toEqual([]);
});

test("the instructor's dashboard shows drill attempts and the weakest rubric points", async ({
  page,
}) => {
  const email = `e2e-interview-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL("/progress");
  // One drill that said only the first point: every other point is at most as often said.
  const saved = await page.request.post(attemptsApi, {
    data: {
      kind: "drill",
      timeLimitMs: 45_000,
      timeUsedMs: 30_000,
      said: ["token-bucket-default"],
      answeredBy: "typing",
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(saved.status()).toBe(201);
  // What `npm run user:promote` does, on the e2e server's database (playwright.config.ts).
  const sqlite = new Database("data/e2e/tradeoff.db");
  try {
    sqlite.pragma("busy_timeout = 5000");
    sqlite.prepare(`UPDATE "user" SET role = 'instructor' WHERE email = ?`).run(email);
  } finally {
    sqlite.close();
  }
  await page.goto(`/instructor/${course}/${lesson}`);
  const kinds = page.locator('[data-table="interviews"]');
  await expect(kinds.getByRole("row", { name: /Timed answer/ })).toBeVisible();
  const drills = Number(
    await kinds
      .getByRole("row", { name: /Timed answer/ })
      .getByRole("cell")
      .first()
      .textContent(),
  );
  expect(drills).toBeGreaterThanOrEqual(1);
  const weakest = page.locator('[data-table="weak-points"] tbody tr');
  await expect(weakest.first()).toBeVisible();
  expect(await weakest.count()).toBeLessThanOrEqual(10);
  await expect(weakest.first().getByRole("cell").nth(3)).toHaveText(/^0 of \d+ \(0%\)$/);
  expect(await seriousViolations(page), "the dashboard").toEqual([]);
});
