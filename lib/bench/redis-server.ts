/** A redis-server for a benchmark: a private one it starts and stops, or an existing one it only uses. */
import { spawn } from "node:child_process";

export interface BenchRedisServer {
  host: string;
  port: number;
  url: string;
  /** Stops the server if this run started it. */
  stop(): void;
}

export async function startRedisServer(port: number): Promise<BenchRedisServer> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "ignore"] },
  );
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Ready to accept")) resolve();
    });
  });
  child.stdout?.resume();
  const url = `redis://127.0.0.1:${port}`;
  return { host: "127.0.0.1", port, url, stop: () => child.kill("SIGKILL") };
}

export function existingRedisServer(url: string): BenchRedisServer {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    url,
    stop: () => {},
  };
}
