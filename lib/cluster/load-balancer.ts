import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { killOnExit } from "./children";
import {
  type Backend,
  DEFAULT_HEALTH,
  type HealthCheck,
  backendName,
  errorFiles,
  haproxyConfig,
  statsSocketPath,
} from "./haproxy-config";

/**
 * HAProxy in front of the app's instances, as a child process of ours (decision 220). The cluster
 * (`npm run start:cluster`, lib/cluster/launcher.ts) starts one; a test can start one in front of
 * any HTTP servers:
 *
 *   const lb = await startLoadBalancer({ backends: [{ host, port, weight: 7 }, …], port: 18000 });
 *   await fetch(lb.url); await lb.requestCounts(); await lb.waitForState(0, "DOWN"); await lb.stop();
 *
 * Health checks GET `health.path` (default /api/health) every second; two failures take an
 * instance out (a refused connection at once), two successes bring it back. The client's address
 * reaches the app as the last X-Forwarded-For entry, so instances run with TRUST_PROXY=1.
 * The process is killed when this one exits, whatever the reason; stop() also removes its files.
 */

export interface LoadBalancerOptions {
  backends: readonly Backend[];
  /** Where clients connect; host defaults to 127.0.0.1, port 0 (default) picks a free one. */
  host?: string;
  port?: number;
  health?: Partial<HealthCheck>;
  serverTimeoutMs?: number;
  /** The haproxy binary (default: `haproxy` on PATH, or /usr/sbin/haproxy). */
  binary?: string;
}

export type BackendState = "UP" | "DOWN" | "NOLB" | "MAINT" | "DRAIN" | string;

export interface BackendStats {
  name: string;
  host: string;
  port: number;
  weight: number;
  /** HAProxy's status, e.g. "UP", "DOWN", "UP 1/2" (going down), "MAINT". */
  state: BackendState;
  /** HTTP requests sent to this backend since the balancer started. */
  requests: number;
}

export interface RunningLoadBalancer {
  url: string;
  host: string;
  port: number;
  /** The child process (its pid, for a test that wants to kill it). */
  process: ChildProcess;
  /** Its configuration file and admin socket live here. */
  directory: string;
  stats(): Promise<BackendStats[]>;
  /** Requests sent to each backend so far, in the order given. */
  requestCounts(): Promise<number[]>;
  /** Resolves when backend `index`'s state starts with `state` ("UP", "DOWN"); rejects on timeout. */
  waitForState(index: number, state: "UP" | "DOWN", timeoutMs?: number): Promise<void>;
  /** A command on the admin socket, e.g. `set weight instances/i1 5`. */
  admin(command: string): Promise<string>;
  /** Recent output (errors, warnings), for a failure message. */
  output(): string;
  stop(): Promise<void>;
}

/** Whether HAProxy can be run here (`.ci/run` installs it when missing). */
export function haproxyBinary(binary?: string): string | null {
  for (const candidate of binary ? [binary] : ["haproxy", "/usr/sbin/haproxy"]) {
    if (spawnSync(candidate, ["-v"], { stdio: "ignore" }).status === 0) return candidate;
  }
  return null;
}

export async function startLoadBalancer(
  options: LoadBalancerOptions,
): Promise<RunningLoadBalancer> {
  const binary = haproxyBinary(options.binary);
  if (!binary) {
    throw new Error("haproxy is not installed: apt-get install haproxy (as .ci/run does)");
  }
  const host = options.host ?? "127.0.0.1";
  const port = options.port || (await freeLoopbackPort(host));
  const directory = mkdtempSync(join(tmpdir(), "tradeoff-haproxy-"));
  for (const [name, text] of Object.entries(errorFiles())) {
    writeFileSync(join(directory, name), text);
  }
  const config = haproxyConfig({
    backends: options.backends,
    listen: { host, port },
    directory,
    health: { ...DEFAULT_HEALTH, ...options.health },
    // Never serve as root: HAProxy binds, reads its files, then drops to its own user.
    ...(process.getuid?.() === 0 ? { user: unprivilegedUser() } : {}),
    ...(options.serverTimeoutMs ? { serverTimeoutMs: options.serverTimeoutMs } : {}),
  });
  const configPath = join(directory, "haproxy.cfg");
  writeFileSync(configPath, config);

  // -db: stay in the foreground, so the process is ours to watch and to stop.
  const child = spawn(binary, ["-db", "-f", configPath], { stdio: ["ignore", "pipe", "pipe"] });
  killOnExit(child);
  let recent = "";
  const keep = (chunk: Buffer) => {
    recent = (recent + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  const socket = statsSocketPath(directory);
  const admin = (command: string) => adminCommand(socket, command);
  const stats = async (): Promise<BackendStats[]> => {
    const rows = parseCsv(await admin("show stat"));
    return options.backends.map((backend, i) => {
      const row = rows.find((r) => r.pxname === "instances" && r.svname === backendName(i));
      return {
        name: backendName(i),
        host: backend.host,
        port: backend.port,
        weight: Number(row?.weight ?? backend.weight ?? 1),
        state: row?.status ?? "unknown",
        requests: Number(row?.req_tot || row?.stot || 0),
      };
    });
  };
  const stop = async () => {
    await stopChild(child);
    rmSync(directory, { recursive: true, force: true });
  };

  try {
    await waitUntilListening(child, host, port, socket, () => recent);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://${host}:${port}`,
    host,
    port,
    process: child,
    directory,
    stats,
    requestCounts: async () => (await stats()).map((s) => s.requests),
    waitForState: async (index, state, timeoutMs = 10_000) => {
      const deadline = performance.now() + timeoutMs;
      let last = "";
      while (performance.now() < deadline) {
        last = (await stats())[index]?.state ?? "";
        // "UP 1/2" is an instance on its way down; "DOWN 1/2" on its way up.
        if (last === state) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(
        `backend ${backendName(index)} is ${last}, not ${state}, after ${timeoutMs} ms`,
      );
    },
    admin,
    output: () => recent,
    stop,
  };
}

function unprivilegedUser(): string {
  return spawnSync("id", ["-u", "haproxy"], { stdio: "ignore" }).status === 0
    ? "haproxy"
    : "nobody";
}

async function waitUntilListening(
  child: ChildProcess,
  host: string,
  port: number,
  socket: string,
  output: () => string,
): Promise<void> {
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`haproxy exited (${child.exitCode}):\n${output()}`);
    }
    const open = await new Promise<boolean>((resolve) => {
      const probe = connect({ host, port }, () => {
        probe.destroy();
        resolve(true);
      });
      probe.once("error", () => resolve(false));
    });
    // The admin socket is bound apart from the port (on a loaded machine, noticeably later), and a
    // port open before ours is someone else's: ready once both are there and haproxy still runs.
    if (open && existsSync(socket) && child.exitCode === null) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`haproxy did not listen on ${host}:${port} and ${socket} in 10 s:\n${output()}`);
}

function adminCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = connect(socket);
    let reply = "";
    connection.setTimeout(5_000, () => connection.destroy(new Error("admin socket timed out")));
    connection.on("data", (chunk: Buffer) => (reply += chunk.toString()));
    connection.once("error", reject);
    connection.once("close", () => resolve(reply));
    connection.end(`${command}\n`);
  });
}

/** `show stat` is CSV whose header line starts with "# ". */
function parseCsv(text: string): Record<string, string>[] {
  const [header, ...rows] = text.trim().split("\n");
  if (!header?.startsWith("# ")) return [];
  const names = header.slice(2).split(",");
  return rows.map((row) => {
    const cells = row.split(",");
    return Object.fromEntries(names.map((name, i) => [name, cells[i] ?? ""]));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    // SIGTERM: HAProxy's immediate stop (SIGUSR1 would wait for open connections).
    child.kill("SIGTERM");
  });
}

function freeLoopbackPort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("no port"));
      });
    });
  });
}
