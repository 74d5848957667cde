import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort, stopProcess } from "@/lib/cluster/launcher";

const HOST = "127.0.0.1";

/**
 * The framework's floor for `bench:lighthouse --floor`: a Next.js app of one heading and one
 * paragraph, nothing of ours, built with the project's own `next`, React and Turbopack, so that
 * Lighthouse can measure it beside our pages in the same run, on the same machine and load.
 * It is written under `data/` (ignored by git) so that it resolves the project's node_modules.
 */
const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "bare-next-floor", private: true }),
  // Without a file of its own, the build took the project's instrumentation.ts from the directory
  // above, and the floor's server started (and kept busy) two judge workers while it was measured.
  "instrumentation.js": "export function register() {}\n",
  "app/layout.jsx": `export const metadata = { title: "Bare Next.js page" };
export default function RootLayout({ children }) {
  return (<html lang="en"><body>{children}</body></html>);
}
`,
  "app/page.jsx": `export default function Page() {
  return (<main><h1>A page with nothing but the framework</h1><p>One heading and one paragraph, served by the same version of Next.js and React as the site, so that what the framework costs on its own can be measured beside the site's pages.</p></main>);
}
`,
};

export interface BareNext {
  url: string;
  stop(): Promise<void>;
}

export async function startBareNext(root: string, log: (line: string) => void): Promise<BareNext> {
  const dir = join(root, "data", "bench", "bare-next");
  rmSync(dir, { recursive: true, force: true });
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  writeFileSync(
    join(dir, "next.config.js"),
    `module.exports = { turbopack: { root: ${JSON.stringify(root)} } };\n`,
  );
  const next = join(root, "node_modules/next/dist/bin/next");
  log("building the bare Next.js page (the framework's floor)");
  const built = spawnSync(process.execPath, [next, "build"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
  });
  if (built.status !== 0) {
    throw new Error(`building the bare Next.js page failed:\n${built.stdout}\n${built.stderr}`);
  }
  const port = await freePort();
  const child = spawn(process.execPath, [next, "start", "-H", HOST, "-p", String(port)], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "ignore",
  });
  const url = `http://${HOST}:${port}`;
  try {
    await waitUntilServing(url, child, 60_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return { url, stop: () => stopProcess(child) };
}

async function waitUntilServing(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the bare Next.js page's server exited`);
    try {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the bare Next.js page did not answer in ${timeoutMs} ms`);
}
