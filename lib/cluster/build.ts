import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

// The production build a cluster runs, and the lock that keeps builds and servers of one `.next/`
// from overlapping on a machine shared by several people (or test runs).

/** What a build is made from: a build older than any of these is stale. */
const SOURCES = [
  "app",
  "lib",
  "content",
  "instrumentation.ts",
  "next.config.js",
  "package.json",
  "tsconfig.json",
];
const IGNORED = new Set(["node_modules", ".next", "bench", "cli"]);

/** Whether `.next/` holds a production build at least as new as every source file. */
function buildIsFresh(root: string): boolean {
  const buildId = join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return false;
  const builtAt = statSync(buildId).mtimeMs;
  return SOURCES.every((source) => newestMtime(join(root, source)) <= builtAt);
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (IGNORED.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Runs `next build` unless the build is fresh; resolves with whether it built. */
export async function ensureBuild(root: string, log: (line: string) => void): Promise<boolean> {
  if (buildIsFresh(root)) return false;
  log("no fresh production build: running next build");
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    // A production build whoever asks for it (vitest runs with NODE_ENV=test): Playwright and
    // the cluster tests serve the same one (lib/cli/build-if-stale.ts).
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`next build failed (exit ${code}):\n${output.slice(-4_000)}`);
  log(`built in ${Math.round((performance.now() - started) / 1000)} s`);
  return true;
}

export interface HeldLock {
  release(): Promise<void>;
}

/**
 * Holds an exclusive flock(1) on `path` until released (or until this process dies, since the lock
 * lives in a child whose stdin is ours). Without flock on the machine it holds nothing.
 */
export async function holdLock(path: string): Promise<HeldLock> {
  if (spawnSync("flock", ["--version"], { stdio: "ignore" }).status !== 0) {
    return { release: async () => {} };
  }
  const child = spawn("flock", [path, "-c", "echo locked; exec cat >/dev/null"], {
    stdio: ["pipe", "pipe", "ignore"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`flock exited with ${code}`)));
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("locked")) resolve();
    });
  });
  child.removeAllListeners("exit");
  return {
    release: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.stdin.end();
      }),
  };
}
