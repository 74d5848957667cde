// Debian's Chromium, started the way playwright.config.ts starts it: no sandbox (containers), no GPU,
// and none of the background traffic (updates, sync, QUIC probes) a benchmark must not depend on.
export const chromiumPath = "/usr/bin/chromium";

export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Whether a request stays on this machine (the benchmarks may reach nothing else). */
export function isLoopback(url: string): boolean {
  if (!/^https?:|^wss?:/.test(url)) return true; // data:, blob:, chrome-extension: never leave
  const host = new URL(url).hostname;
  return host === "127.0.0.1" || host === "localhost" || host === "[::1]";
}
