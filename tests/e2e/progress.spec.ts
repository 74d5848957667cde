import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { expect, test } from "./fixtures";

// Done-when of issue 5, in Chromium against `next build && next start` on http://127.0.0.1
// (production mode, so the session cookie is Secure): start anonymous, read a section, save a
// draft, sign up, then sign in from a fresh browser context and find everything.

const course = findCourse(loadCatalog(), "system-design")!;
const lesson = findLesson(course, "rate-limiter")!;
const section = lesson.sections[0]!;
const sectionPath = `/courses/${course.slug}/${lesson.slug}/${section.slug}`;
const DRAFT = "export class FixedWindow { /* e2e draft */ }";

test("an anonymous learner's reading and draft follow them into an account and onto another browser", async ({
  page,
  browser,
}) => {
  const email = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = "a long enough password";

  // Anonymous: reach the end of a section and mark it read.
  await page.goto(sectionPath);
  const end = page.getByTestId("section-end");
  await end.scrollIntoViewIfNeeded();
  await expect(end.getByRole("status")).toHaveText(/Section read/);
  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name.endsWith("better-auth.session_token"));
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  expect(session?.secure).toBe(true);

  // The navigation shows the checkmark after a reload (progress comes from the server).
  await page.reload();
  const toc = page.getByRole("navigation", { name: "Lesson contents" });
  await expect(toc.getByTestId("read-mark").first()).toBeAttached();

  // A draft, saved the way the exercise editor autosaves it.
  const saved = await page.request.put("/api/drafts/fixed-window", {
    data: { code: DRAFT },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(saved.status()).toBe(200);

  // Sign up: everything done anonymously comes along.
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL("/progress");
  await expect(page.getByTestId(`progress-${lesson.slug}`)).toContainText(
    `1 of ${lesson.sections.length} sections read`,
  );

  // A fresh browser context (another device): sign in and find it all.
  const laptop = await browser.newContext();
  try {
    const other = await laptop.newPage();
    await other.goto("/sign-in");
    await other.getByLabel("Email").fill(email);
    await other.getByLabel("Password").fill(password);
    await other.getByRole("button", { name: "Sign in" }).click();
    await expect(other).toHaveURL("/progress");
    await expect(other.getByTestId(`progress-${lesson.slug}`)).toContainText(
      `1 of ${lesson.sections.length} sections read`,
    );
    const draft = await other.request.get("/api/drafts/fixed-window");
    expect(draft.status()).toBe(200);
    expect((await draft.json()).code).toBe(DRAFT);

    await other.goto(sectionPath);
    await expect(other.getByTestId("section-end").getByRole("status")).toHaveText(/Section read/);
  } finally {
    await laptop.close();
  }
});
