import { seriousViolations } from "./accessibility-scan";
import { expect, test } from "./fixtures";

// Every accessibility test in the suite passes when this scan finds nothing, so it must be able to
// find something: a button without a name and grey text on white, on a page of our own making.
test("the accessibility scan reports serious violations, and only those in the part it is asked to scan", async ({
  page,
}) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>scan</title></head><body>
    <header><a href="#main">Skip to content</a></header>
    <main id="main"><h1>Broken</h1><button id="nameless"></button>
      <p id="faint" style="color:#e0e0e0;background:#ffffff">hard to read</p></main>
  </body></html>`);
  const found = await seriousViolations(page);
  expect(found).toContainEqual(expect.stringMatching(/^button-name: #nameless$/));
  expect(found).toContainEqual(expect.stringMatching(/^color-contrast: #faint$/));
  expect(await seriousViolations(page, "header")).toEqual([]);
});
