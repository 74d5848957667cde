import { htmlWeight, lessonPageBudgetBytes, lessonPagePaths } from "@/lib/bench/html-weight";
import { loadCatalog } from "@/lib/content/loader";
import { expect, test } from "./fixtures";

// The budget a reading page's HTML must stay under (issue 20, decision 250): a learner on a phone
// downloads and parses all of it, and most of it used to be the framework's payload repeating the
// markup. Measured as the server sends it, so any page an author or a component makes heavier fails.

test("every lesson page's HTML is under 150 KB", async ({ request }) => {
  const weights: string[] = [];
  for (const pagePath of lessonPagePaths(loadCatalog())) {
    const response = await request.get(pagePath);
    expect(response.status(), pagePath).toBe(200);
    const weight = htmlWeight(await response.text());
    if (weight.bytes >= lessonPageBudgetBytes) {
      const share = Math.round((100 * weight.payloadBytes) / weight.bytes);
      weights.push(`${pagePath}: ${(weight.bytes / 1024).toFixed(1)} KB (${share}% payload)`);
    }
  }
  expect(weights, "pages at or over the budget (npm run bench:page-html)").toEqual([]);
});
