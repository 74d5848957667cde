import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureBuild, type HeldLock, holdLock } from "@/lib/cluster/build";
import pg from "pg";
import { poolConfigFromUrl } from "@/lib/db/target";
import { env } from "@/lib/env";
import { postgresUrl } from "../fixtures/db";
import {
  freePort,
  startThrowawayRedis,
  type ThrowawayRedis,
  uniquePrefix,
} from "../fixtures/services";

// `npm run start:cluster` as a person runs it: the command itself, not the library calls behind it
// (cluster-protection.test.ts drives those). Two instances and no judge workers keep it light; the
// build is the one every cluster test and Playwright share, under the same lock.

const NEXT_LOCK = "/tmp/next.lock";
const root = process.cwd();
// As package.json runs it: node with tsx's loader, no tsx process in between. tsx's own CLI relays
// Ctrl+C to the script, but kills it (exit 130) if the script has not answered within 30 ms, as
// happens on a busy machine: the balancer and instances were then left running.
const command = [process.execPath, "--import", "tsx", "lib/cli/start-cluster.ts"] as const;
const log = (line: string) => console.log(`[start:cluster test] ${line}`);

let lock: HeldLock | undefined;
/** An empty database of our own: the command creates its tables with `prisma migrate deploy`. */
let database: { name: string; url: string } | undefined;
let redis: ThrowawayRedis | undefined;
let cluster: ChildProcess | undefined;
let output = "";
let port = 0;

function startCommand(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command[0], [...command.slice(1), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

async function onServer(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client(poolConfigFromUrl(env.TEST_POSTGRES_URL));
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

function printed(pattern: RegExp, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (pattern.test(output)) {
        clearInterval(timer);
        resolve();
      } else if (cluster?.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`start:cluster exited (${cluster?.exitCode}):\n${output.slice(-4_000)}`));
      }
    };
    const timer = setInterval(check, 100);
    setTimeout(() => {
      clearInterval(timer);
      reject(new Error(`start:cluster did not print ${pattern} in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
  });
}

beforeAll(async () => {
  lock = await holdLock(NEXT_LOCK);
  await ensureBuild(root, log);
  const server = poolConfigFromUrl(env.TEST_POSTGRES_URL);
  const name = `tradeoff_cli_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await onServer((client) => client.query(`CREATE DATABASE "${name}"`));
  database = { name, url: postgresUrl(server, name) };
  redis = await startThrowawayRedis();
  port = await freePort();
  cluster = startCommand(["--instances", "2", "--judge-workers", "0", "--port", String(port)], {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    RATE_LIMIT_PREFIX: uniquePrefix("start-cluster"),
  });
  const keep = (chunk: Buffer) => (output += chunk.toString());
  cluster.stdout?.on("data", keep);
  cluster.stderr?.on("data", keep);
  await printed(/Ctrl\+C stops/, 180_000);
}, 600_000);

afterAll(async () => {
  if (cluster && cluster.exitCode === null) cluster.kill("SIGKILL");
  await redis?.kill();
  if (database) {
    const { name } = database;
    await onServer((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  }
  await lock?.release();
}, 60_000);

describe("npm run start:cluster", () => {
  test("prints what runs where and serves the site through HAProxy to both instances", async () => {
    const balancer = output.match(/HAProxy \(pid (\d+)\) on (http:\/\/[^\s]+) → (.+)/);
    expect(balancer, output).not.toBeNull();
    expect(balancer![2]).toBe(`http://127.0.0.1:${port}`);
    const instancePorts = [...balancer![3]!.matchAll(/(\d+) \(weight 1\)/g)].map((m) => m[1]);
    expect(instancePorts).toHaveLength(2);
    expect(output).toContain(`database ${database!.url} migrated`);
    expect(output).toMatch(
      /rate limits in Redis at redis:\/\/127\.0\.0\.1:\d+ under "test:start-cluster:/,
    );
    expect(output).toMatch(/no judge workers: each instance judges in its own worker pool/);
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  });

  test("Ctrl+C stops the balancer and every instance, saying how many requests each served", async () => {
    const instancePorts = [
      ...output.matchAll(/instance ready on http:\/\/127\.0\.0\.1:(\d+)/g),
    ].map((m) => Number(m[1]));
    expect(instancePorts).toHaveLength(2);
    const exited = new Promise<number | null>((resolve) => cluster!.once("exit", resolve));
    cluster!.kill("SIGINT");
    expect(await exited).toBe(0);
    // Round robin over two instances: the first test's four requests reached both.
    const counts = output.match(/stopping \(requests per instance: (\d+), (\d+)\)/);
    expect(counts, output).not.toBeNull();
    expect(Number(counts![1])).toBeGreaterThan(0);
    expect(Number(counts![2])).toBeGreaterThan(0);
    for (const instancePort of [port, ...instancePorts]) {
      await expect(fetch(`http://127.0.0.1:${instancePort}/`)).rejects.toThrow();
    }
  }, 60_000);

  test("bad arguments are refused with one line saying what to change, before anything starts", () => {
    const cases: [string[], RegExp][] = [
      [["--instances", "0"], /--instances must be a whole number from 1 to 16/],
      [["--instances", "2", "--weights", "7"], /--weights needs 2 whole numbers from 0 to 256/],
      [["--judge-workers", "17"], /--judge-workers must be a whole number from 0 to 16/],
      [["--port", "99999"], /--port must be a TCP port number/],
      [["--nonsense"], /Unknown option '--nonsense'/],
    ];
    for (const [args, message] of cases) {
      const run = spawnSync(command[0], [...command.slice(1), ...args], {
        cwd: root,
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(run.status, args.join(" ")).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  }, 120_000);
});
