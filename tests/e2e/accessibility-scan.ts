import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * The serious and critical axe violations on the page as it is now, one line per rule with up to
 * three of its elements: `[]` when there are none, and a readable failure when there are.
 * `within` scans one part of the page (a CSS selector).
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    // Only violations are read, so axe need not describe every element that passed: on a long
    // lesson page that description was 2 MB carried out of the browser per scan.
    .options({ resultTypes: ["violations"] })
    // axe runs in the page itself instead of gathering its results in a second, blank page: the
    // scan of Understand It went from 11.4 to 4.1 s on an idle machine. What that mode gives up is
    // cross-origin frames, and our pages may embed none (the CSP says frame-src 'none').
    .setLegacyMode(true);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
}
