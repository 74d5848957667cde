import { test as base, expect } from "@playwright/test";

// Every e2e test runs through this fixture. It fails the test when the page sends a request anywhere
// but this machine (the site must work offline: no CDN, no web font, no analytics) or when the
// browser reports a console error or an uncaught exception.

export interface GuardOptions {
  /** Console errors a test expects, e.g. the 404 a not-found page logs for its own document. */
  allowedConsoleErrors: RegExp[];
}

interface Guard {
  offsiteRequests: string[];
  consoleErrors: string[];
}

const localHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isLocalUrl(raw: string): boolean {
  const url = new URL(raw);
  if (url.protocol === "data:" || url.protocol === "blob:" || url.protocol === "about:")
    return true;
  return localHosts.has(url.hostname);
}

export const test = base.extend<GuardOptions & { guard: Guard }>({
  allowedConsoleErrors: [[], { option: true }],

  guard: [
    async ({ context, allowedConsoleErrors }, use) => {
      const guard: Guard = { offsiteRequests: [], consoleErrors: [] };

      await context.route("**/*", async (route) => {
        const url = route.request().url();
        if (isLocalUrl(url)) return route.continue();
        guard.offsiteRequests.push(url);
        return route.abort("blockedbyclient");
      });
      context.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = `${message.text()} (${message.location().url})`;
        if (!allowedConsoleErrors.some((allowed) => allowed.test(text))) {
          guard.consoleErrors.push(text);
        }
      });
      context.on("weberror", (error) => {
        guard.consoleErrors.push(`uncaught: ${error.error().message}`);
      });

      await use(guard);

      expect(guard.offsiteRequests, "requests that left localhost").toEqual([]);
      expect(guard.consoleErrors, "console errors and uncaught exceptions").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
