import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { killOnExit } from "./children";

/**
 * A private Redis Cluster on loopback ports, for tests and benchmarks (decision 221): `masters`
 * redis-servers with `replicas` each, joined by `redis-cli --cluster create`, memory only, in a temp
 * directory. Nodes listen on `port`, `port + 1`, …; their cluster bus on `busPort`, `busPort + 1`, …
 * (set explicitly so both stay in a range the caller owns).
 *
 *   const cluster = await startRedisCluster({ port: 7000, busPort: 7010 });
 *   new Cluster(cluster.seeds); await cluster.kill(cluster.masterOf(slot)); await cluster.stop();
 */

export interface RedisClusterOptions {
  port: number;
  busPort: number;
  masters?: number;
  replicas?: number;
  /** How long a master may be silent before its replica takes over. */
  nodeTimeoutMs?: number;
}

export interface ClusterNode {
  port: number;
  process: ChildProcess;
}

export interface ShardInfo {
  master: number;
  replicas: number[];
  /** Slot ranges, inclusive. */
  slots: [number, number][];
}

export interface RunningRedisCluster {
  nodes: ClusterNode[];
  /** Where a client starts: every node's address. */
  seeds: { host: string; port: number }[];
  /** Who serves what, as the live nodes see it now. */
  shards(): Promise<ShardInfo[]>;
  /** Kills a node abruptly (SIGKILL), as a crashed machine would look. */
  kill(port: number): Promise<void>;
  /** Resolves when `port` is a master serving slots, as the other nodes see it. */
  waitForMaster(port: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const HOST = "127.0.0.1";

export async function startRedisCluster(
  options: RedisClusterOptions,
): Promise<RunningRedisCluster> {
  const masters = options.masters ?? 3;
  const replicas = options.replicas ?? 1;
  const count = masters * (1 + replicas);
  const directory = mkdtempSync(join(tmpdir(), "tradeoff-redis-cluster-"));
  const nodes: ClusterNode[] = [];
  const stop = async () => {
    await Promise.all(nodes.map((node) => killProcess(node.process)));
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) {
      nodes.push(await startNode(options.port + i, options.busPort + i, directory, options));
    }
    const create = spawnSync(
      "redis-cli",
      [
        "--cluster",
        "create",
        ...nodes.map((node) => `${HOST}:${node.port}`),
        "--cluster-replicas",
        String(replicas),
        "--cluster-yes",
      ],
      { encoding: "utf8", timeout: 30_000 },
    );
    if (create.status !== 0) {
      throw new Error(`redis-cli --cluster create failed:\n${create.stdout}${create.stderr}`);
    }
    await waitFor(
      async () => (await Promise.all(nodes.map((n) => ready(n.port)))).every(Boolean),
      20_000,
      "the cluster did not become ready (state ok, replicas in sync)",
    );
  } catch (error) {
    await stop();
    throw error;
  }

  const alive = () => nodes.filter((n) => n.process.exitCode === null && !n.process.signalCode);
  const shards = async () => {
    for (const node of alive()) {
      const text = await command(node.port, ["CLUSTER", "NODES"]).catch(() => null);
      if (typeof text === "string") return parseNodes(text);
    }
    throw new Error("no cluster node answers");
  };
  return {
    nodes,
    seeds: nodes.map((node) => ({ host: HOST, port: node.port })),
    shards,
    kill: async (port) => {
      const node = nodes.find((n) => n.port === port);
      if (node) await killProcess(node.process);
    },
    waitForMaster: (port, timeoutMs = 15_000) =>
      waitFor(
        async () => {
          const shard = (await shards()).find((s) => s.master === port);
          return shard !== undefined && shard.slots.length > 0;
        },
        timeoutMs,
        `${port} did not become a master`,
      ),
    stop,
  };
}

async function startNode(
  port: number,
  busPort: number,
  directory: string,
  options: RedisClusterOptions,
): Promise<ClusterNode> {
  const child = spawn(
    "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      HOST,
      "--cluster-enabled",
      "yes",
      "--cluster-port",
      String(busPort),
      "--cluster-config-file",
      join(directory, `nodes-${port}.conf`),
      "--cluster-node-timeout",
      String(options.nodeTimeoutMs ?? 1_000),
      "--dir",
      directory,
      "--save",
      "",
      "--appendonly",
      "no",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  killOnExit(child);
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server ${port}: no start:\n${output}`)),
      10_000,
    );
    child.once("error", reject);
    child.once("exit", (code) =>
      reject(new Error(`redis-server ${port} exited (${code}):\n${output}`)),
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  child.removeAllListeners("exit");
  child.stdout?.resume();
  return { port, process: child };
}

/** One command on a fresh connection to one node (no cluster redirection). */
async function command(port: number, args: string[]): Promise<unknown> {
  const client = new Redis({ host: HOST, port, lazyConnect: true, maxRetriesPerRequest: 0 });
  client.on("error", () => {});
  try {
    await client.connect();
    return await client.call(args[0]!, ...args.slice(1));
  } finally {
    client.disconnect();
  }
}

async function ready(port: number): Promise<boolean> {
  const info = String(await command(port, ["CLUSTER", "INFO"]).catch(() => ""));
  if (!info.includes("cluster_state:ok")) return false;
  const replication = String(await command(port, ["INFO", "replication"]).catch(() => ""));
  return replication.includes("role:master") || replication.includes("master_link_status:up");
}

/** CLUSTER NODES: `id addr flags master-id ping pong epoch link slot…` per line. */
export function parseNodes(text: string): ShardInfo[] {
  const rows = text
    .trim()
    .split("\n")
    .map((line) => line.trim().split(" "))
    .filter((cells) => cells.length >= 8 && !cells[2]!.includes("fail"));
  const portOf = (address: string) => Number(address.split("@")[0]!.split(":").pop());
  const shards: ShardInfo[] = [];
  for (const cells of rows.filter((c) => c[2]!.includes("master"))) {
    const slots = cells.slice(8).flatMap((range): [number, number][] => {
      if (range.startsWith("[")) return []; // a slot being migrated
      const [from, to = from] = range.split("-").map(Number) as [number, number?];
      return [[from, to]];
    });
    const replicas = rows.filter((r) => r[3] === cells[0]).map((r) => portOf(r[1]!));
    shards.push({ master: portOf(cells[1]!), replicas, slots });
  }
  return shards;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, message: string) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${message} in ${timeoutMs} ms`);
}

function killProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}
