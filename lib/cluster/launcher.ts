import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { killOnExit } from "./children";
import type { HealthCheck } from "./haproxy-config";
import { type RunningLoadBalancer, startLoadBalancer } from "./load-balancer";

export interface ClusterOptions {
  /** The project root (holding `.next/` and node_modules). */
  root: string;
  instances: number;
  /**
   * Variables for every instance on top of this process's environment: DATABASE_URL (PostgreSQL),
   * REDIS_URL, RATE_LIMIT_PREFIX, BETTER_AUTH_SECRET (one secret, or a cookie signed by one
   * instance is refused by the others)…
   */
  env: Record<string, string>;
  /**
   * Variables for one instance on top of `env`, by index: e.g. one instance that reaches Redis
   * through a proxy of its own (the fault test cuts it off).
   */
  instanceEnv?: readonly Record<string, string>[];
  /** The load balancer's port; 0 (the default) picks a free one. */
  port?: number;
  /** The instances' ports (one each); by default free ones are picked. */
  instancePorts?: readonly number[];
  /** Relative shares of the requests, one per instance, 0–256 (default: equal, round robin). */
  weights?: readonly number[];
  /** The balancer's health checks (default: GET /api/health every second, out after 2 failures). */
  health?: Partial<HealthCheck>;
  /** How long an instance may take to answer its first request. */
  readyTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface Instance {
  url: string;
  port: number;
  process: ChildProcess;
  /** Its recent output, for a failure message. */
  output(): string;
}

export interface RunningCluster {
  /** HAProxy in front of the instances (lib/cluster/load-balancer.ts). */
  balancer: RunningLoadBalancer;
  instances: Instance[];
  /** Another balancer over the same instances, e.g. with other weights (stopped with the cluster). */
  addBalancer(weights?: readonly number[], port?: number): Promise<RunningLoadBalancer>;
  stop(): Promise<void>;
}

const HOST = "127.0.0.1";

/**
 * Starts `next start` on `instances` loopback ports (the production build must exist) behind
 * HAProxy. The instances trust exactly one proxy hop (the balancer) for the client's address.
 * Everything started is stopped by stop(), and also when a start fails half-way.
 */
export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const log = options.log ?? (() => {});
  if (options.weights && options.weights.length !== options.instances) {
    throw new RangeError("one weight per instance is required");
  }
  if (options.instancePorts && options.instancePorts.length !== options.instances) {
    throw new RangeError("one port per instance is required");
  }
  const instances: Instance[] = [];
  const balancers: RunningLoadBalancer[] = [];
  const stop = async () => {
    await Promise.all(balancers.map((balancer) => balancer.stop()));
    await Promise.all(instances.map((instance) => stopProcess(instance.process)));
  };
  try {
    for (let i = 0; i < options.instances; i++) {
      instances.push(startInstance(options, i, options.instancePorts?.[i] ?? (await freePort())));
    }
    await Promise.all(
      instances.map((instance) => waitUntilServing(instance, options.readyTimeoutMs ?? 60_000)),
    );
    for (const instance of instances) log(`instance ready on ${instance.url}`);
    const addBalancer = async (weights?: readonly number[], port?: number) => {
      const balancer = await startLoadBalancer({
        backends: instances.map((instance, i) => ({
          host: HOST,
          port: instance.port,
          weight: weights?.[i] ?? 1,
        })),
        host: HOST,
        port: port ?? 0,
        ...(options.health ? { health: options.health } : {}),
      });
      balancers.push(balancer);
      // The instances have answered already: the first checks pass within one interval.
      await Promise.all(instances.map((_, i) => balancer.waitForState(i, "UP")));
      return balancer;
    };
    const balancer = await addBalancer(options.weights, options.port ?? 0);
    return { balancer, instances, addBalancer, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function startInstance(options: ClusterOptions, index: number, port: number): Instance {
  const next = join(options.root, "node_modules/next/dist/bin/next");
  const child = spawn(process.execPath, [next, "start", "-H", HOST, "-p", String(port)], {
    cwd: options.root,
    // The instances run with this process's environment plus the cluster's settings.
    env: {
      ...process.env,
      NODE_ENV: "production",
      TRUST_PROXY: "1",
      ...options.env,
      ...options.instanceEnv?.[index],
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  killOnExit(child);
  let recent = "";
  const keep = (chunk: Buffer) => {
    recent = (recent + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { url: `http://${HOST}:${port}`, port, process: child, output: () => recent };
}

async function waitUntilServing(instance: Instance, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (instance.process.exitCode !== null) {
      throw new Error(`next start on ${instance.port} exited:\n${instance.output()}`);
    }
    try {
      const response = await fetch(`${instance.url}/`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `next start on ${instance.port} did not answer in ${timeoutMs} ms:\n${instance.output()}`,
  );
}

/** SIGTERM, then SIGKILL if the process has not exited after `graceMs`. */
export function stopProcess(child: ChildProcess, graceMs = 5_000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** A TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("no port"));
      });
    });
  });
}
