import fs from "node:fs";
import { expect, test } from "./fixtures";

// The task that hydrates a page is the longest a reader waits on (Lighthouse counts it four times
// over on a phone), and a page's first fetch() and first localStorage write each add milliseconds
// to whichever task makes them. The learner's summary, the lesson's progress, the instructor check
// and the place to resume are asked for and written in tasks of their own, after it: none of them
// may be called from inside React's commit, which runs from the framework's scripts.

interface Call {
  what: string;
  /** Script addresses on the call's stack. */
  scripts: string[];
}

const watched = ["/api/me/summary", "/api/progress/lessons/", "/api/auth/get-session"];

test("a lesson page asks for progress and writes its resume point outside the task that hydrates it", async ({
  page,
}) => {
  // The build the e2e server runs: its framework chunks hold React and the router.
  const { rootMainFiles } = JSON.parse(fs.readFileSync(".next/build-manifest.json", "utf8")) as {
    rootMainFiles: string[];
  };
  const framework = rootMainFiles.map((file) => `/_next/${file}`);

  await page.addInitScript((urls: string[]) => {
    const calls: Call[] = [];
    (window as unknown as { __calls: Call[] }).__calls = calls;
    Error.stackTraceLimit = 100;
    const record = (what: string) => {
      const stack = new Error().stack ?? "";
      calls.push({
        what,
        scripts: [...stack.matchAll(/https?:\/\/[^\s)]+?\.js/g)].map((m) => m[0]),
      });
    };
    const fetch = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (urls.some((watched) => url.includes(watched))) record(`fetch ${url}`);
      return fetch(input, init);
    };
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (this === window.localStorage) record(`localStorage ${key}`);
      return setItem.call(this, key, value);
    };
  }, watched);

  const summary = page.waitForResponse((response) => response.url().includes("/api/me/summary"));
  const progress = page.waitForResponse((r) => r.url().includes("/api/progress/lessons/"));
  await page.goto("/courses/system-design/rate-limiter/understand");
  await Promise.all([summary, progress]);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __calls: Call[] }).__calls.length))
    .toBeGreaterThanOrEqual(4);

  const calls = await page.evaluate(() => (window as unknown as { __calls: Call[] }).__calls);
  // All four were made (the test would pass vacuously otherwise)...
  for (const what of [...watched, "localStorage tradeoff:last-read"]) {
    expect(
      calls.some((call) => call.what.includes(what)),
      what,
    ).toBe(true);
  }
  // ...and none from a stack that runs through React.
  const fromReact = calls.filter((call) =>
    call.scripts.some((script) => framework.some((chunk) => script.endsWith(chunk))),
  );
  expect(fromReact.map((call) => call.what)).toEqual([]);
});
