import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Issue 12: every page and API answers with the security headers, and the pages that do the most
// (the exercise page's Monaco editor and Run worker, a long lesson page) live with the
// Content-Security-Policy without a single violation.

const exercisePath = "/courses/system-design/rate-limiter/exercises/fixed-window";
const lessonPath = "/courses/system-design/rate-limiter/reference";

// A new learner has no server draft yet: the draft API answers 204/404, which Chromium may log.
test.use({ allowedConsoleErrors: [/status of 404 .*\/api\/drafts\//] });

/** Collects every CSP violation the page (and its workers' reports) raise. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI} (${event.sourceFile})`);
    });
  });
  const consoleViolations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
  });
  page.on("worker", (worker) => {
    worker.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
    });
  });
  return async () => [
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    )),
    ...consoleViolations,
  ];
}

test("pages and APIs carry the security headers; HSTS only over HTTPS", async ({ request }) => {
  for (const path of ["/", lessonPath, "/api/auth/get-session", "/api/drafts/fixed-window"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBeLessThan(400);
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp, path).toContain("default-src 'self'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain("'wasm-unsafe-eval'");
    expect(csp, path).not.toContain("'unsafe-eval'");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], path).toContain("microphone=(self)");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    expect(headers["strict-transport-security"], path).toBeUndefined();
  }
  // As a TLS-terminating proxy in front would report it.
  const secure = await request.get("/", { headers: { "x-forwarded-proto": "https" } });
  expect(secure.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
});

test("a page of another site cannot frame the instructor dashboard", async ({ page }) => {
  const response = await page.request.get("/instructor");
  expect(response.headers()["x-frame-options"]).toBe("DENY");
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
});

test("the exercise page's editor, Run worker and Submit raise no CSP violation", async ({
  page,
}) => {
  const violations = await recordViolations(page);
  await page.goto(exercisePath);
  await expect(page.locator("[data-editor-ready=true]").first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("run").click();
  await expect(page.getByTestId("verdict")).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("submit").click();
  await expect(page.getByTestId("results")).toContainText("Full suite", { timeout: 30_000 });
  expect(await violations()).toEqual([]);
});

test("a lesson page raises no CSP violation", async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto(lessonPath);
  await page.waitForLoadState("networkidle");
  expect(await violations()).toEqual([]);
});
