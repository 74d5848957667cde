import { COMMON_PASSWORD } from "../fixtures/requests/passwords";
import { expect, test } from "./fixtures";

// Issue 12: a weak password is refused with the reason shown in the form, not only in the API's
// answer (tests/integration/site-defences.test.ts checks the route). The refusal is a 400, which
// the browser logs.

test.use({ allowedConsoleErrors: [/status of 400 .*\/api\/auth\/sign-up\/email/] });

test("sign-up refuses a common password and says why in the form; a good one gets in", async ({
  page,
}) => {
  const email = `e2e-weak-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto("/sign-up");
  // Submitted before the page hydrates, the form would be the browser's, not ours: wait until the
  // header's account corner shows that it has.
  await expect(page.getByTestId("account")).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Email").fill(email);
  // Long enough for the form's own check, and among the most common passwords.
  await page.getByLabel("Password").fill(COMMON_PASSWORD.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText(COMMON_PASSWORD.reason, {
    // Scoring and hashing a password take seconds on a loaded machine.
    timeout: 20_000,
  });
  await expect(page).toHaveURL(/\/sign-up/);

  await page.getByLabel("Password").fill("pewter gondola marsh");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL("/progress", { timeout: 20_000 });
});
