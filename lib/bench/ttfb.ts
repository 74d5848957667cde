// npm run bench:ttfb [-- --url http://127.0.0.1:3000/courses/system-design/rate-limiter/understand]
//                    [-- --requests 50] [-- --start]
//
// Time to first byte of a page under `next start`: the time from sending a request to receiving the
// response headers, over N sequential requests after a short warm-up. With --start it starts
// `next start` itself on a spare port (after `next build`) and stops it afterwards.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";

function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const startServer = process.argv.includes("--start");
const port = Number(argument("port", startServer ? "3299" : "3000"));
const pagePath = argument("path", "/courses/system-design/rate-limiter/understand");
const url = argument("url", `http://127.0.0.1:${port}${pagePath}`);
const requests = Number(argument("requests", "50"));
const warmUp = 5;

function timeToFirstByte(target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(target, { agent: false }, (response) => {
      const elapsed = performance.now() - started;
      response.resume();
      response.on("end", () =>
        response.statusCode === 200
          ? resolve(elapsed)
          : reject(new Error(`${target} answered ${response.statusCode}`)),
      );
    });
    request.on("error", reject);
  });
}

async function waitForServer(target: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null)
      throw new Error("next start exited early; did you run next build?");
    try {
      await timeToFirstByte(target);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${target} did not come up`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  let server: ChildProcess | undefined;
  if (startServer) {
    // node + next's own bin rather than npx, so the kill below reaches the server itself.
    const nextBin = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
    server = spawn(process.execPath, [nextBin, "start", "-H", "127.0.0.1", "-p", String(port)], {
      stdio: "ignore",
    });
    await waitForServer(url, server);
  }
  try {
    for (let i = 0; i < warmUp; i++) await timeToFirstByte(url);
    const samples: number[] = [];
    for (let i = 0; i < requests; i++) samples.push(await timeToFirstByte(url));
    samples.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    console.log(`TTFB of ${url}, ${requests} sequential requests after ${warmUp} warm-up`);
    console.log(`  median ${ms(percentile(samples, 50))}`);
    console.log(`  p90    ${ms(percentile(samples, 90))}`);
    console.log(`  min    ${ms(samples[0]!)}   max ${ms(samples.at(-1)!)}`);
  } finally {
    server?.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
