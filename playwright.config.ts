import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
/** Longer than a test may last (`timeout` below), so no test outlives its keep-alive connection. */
export const testTimeoutMs = 60_000;
export const keepAliveMs = testTimeoutMs + 5_000;

// Debian's Chromium: `npx playwright install` cannot download a browser on our machines. Its
// headless shell (package chromium-headless-shell) is the build Playwright itself prefers for
// headless runs and takes about 28% less time over the suite than the full browser (decision 490);
// without it, the full browser runs the same tests.
const headlessShell = "/usr/bin/chromium-headless-shell";
const executablePath = existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: testTimeoutMs,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        // The mock-interview room records answers: a fake microphone that grants itself.
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
      ],
    },
  },
  webServer: {
    // e2e runs against the production build, never `next dev`.
    // prepare.ts migrates the e2e database (data/e2e/, kept apart from a developer's own data).
    // One build per `npm test`: the cluster tests made it already unless a source changed since.
    // Node closes a connection idle for 5 s by default, and Playwright's request client (unlike a
    // browser) does not retry a request that meets a socket closing under it: a test that calls
    // an API, clicks for 5 s and calls again got ECONNRESET. Connections outlive any test instead.
    command: `npx tsx lib/cli/prepare.ts --skip-build && npx tsx lib/cli/build-if-stale.ts && npx next start -H 127.0.0.1 -p ${port} --keepAliveTimeout ${keepAliveMs}`,
    env: {
      DATABASE_URL: "file:./data/e2e/tradeoff.db",
      DATA_DIR: "data/e2e",
      SEED_DEMO_USERS: "false",
    },
    url: `http://127.0.0.1:${port}`,
    timeout: 400_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    stderr: "pipe",
  },
});
