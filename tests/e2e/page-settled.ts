import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** React has attached itself to the page's DOM (it marks each node it hydrates). */
export async function hydrated(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.querySelector("main")!).some((key) => key.startsWith("__react")),
      ),
    )
    .toBe(true);
}

/** A smooth scroll has ended: the window has stopped moving, somewhere below the top. */
export async function scrollSettled(page: Page, intervalMs = 500): Promise<void> {
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => window.scrollY);
        const still = now === last && now > 0;
        last = now;
        return still;
      },
      { intervals: [intervalMs], timeout: 15_000 },
    )
    .toBe(true);
}
