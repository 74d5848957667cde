import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { expect, test } from "./fixtures";

// The lesson a learner can play with: a lean Reference with its production code one click away,
// runnable examples, drawn figures and the cluster lab (issue 15).

const course = findCourse(loadCatalog(), "system-design")!;
const lesson = findLesson(course, "rate-limiter")!;
const sectionPath = (slug: string) => `/courses/${course.slug}/${lesson.slug}/${slug}`;

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
