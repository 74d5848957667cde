// The HAProxy configuration for the cluster's load balancer, generated from the cluster's options
// (docs/decisions/220-haproxy-load-balancer.md). Pure: a string in, a string out, so it is tested
// without starting anything, and `haproxy -c` validates it.

export interface Backend {
  host: string;
  port: number;
  /** Relative share of the requests, 0–256 (HAProxy's range); 0 sends none. Default 1. */
  weight?: number;
}

export interface HealthCheck {
  /** The path asked with GET; a 200 means the instance is up. */
  path: string;
  /** Time between two checks of one instance. */
  intervalMs: number;
  /** Failed checks in a row that take an instance out. */
  fall: number;
  /** Passed checks in a row that bring it back. */
  rise: number;
}

export interface HaproxyConfigOptions {
  backends: readonly Backend[];
  /** Where clients connect. */
  listen: { host: string; port: number };
  /**
   * A private directory for the balancer's files: its admin socket (request counts, server states)
   * and the error pages (see errorResponses).
   */
  directory: string;
  health: HealthCheck;
  /** Run as this user after binding (only when started as root). */
  user?: string;
  /** The longest a request may wait for its answer: a Submit waits for the judge. */
  serverTimeoutMs?: number;
  /** Worker threads. One keeps the weighted rotation exact; HAProxy is far from our bottleneck. */
  threads?: number;
}

export const DEFAULT_HEALTH: HealthCheck = {
  path: "/api/health",
  intervalMs: 1_000,
  fall: 2,
  rise: 2,
};

/** What a client sees when no instance can answer, in the app's own problem format. */
const PROBLEMS: Record<number, [title: string, detail: string]> = {
  502: ["Bad gateway", "The instance did not answer properly."],
  503: ["Service unavailable", "No instance is available. Try again in a few seconds."],
  504: ["Gateway timeout", "The instance took too long to answer."],
};

/** The names the backends get in the configuration and the stats: i1, i2, … */
export function backendName(index: number): string {
  return `i${index + 1}`;
}

export function haproxyConfig(options: HaproxyConfigOptions): string {
  const { backends, listen, health } = options;
  if (backends.length === 0) throw new RangeError("at least one backend is required");
  const weights = backends.map((backend) => backend.weight ?? 1);
  if (weights.some((w) => !Number.isInteger(w) || w < 0 || w > 256)) {
    throw new RangeError("weights must be whole numbers from 0 to 256");
  }
  if (!weights.some((w) => w > 0)) throw new RangeError("at least one weight must be above 0");
  for (const { host, port } of [listen, ...backends]) {
    if (!/^[\w.:-]+$/.test(host)) throw new RangeError(`not a host: ${host}`);
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new RangeError(`not a port: ${port}`);
    }
  }
  if (!/^\/[\w/.-]*$/.test(health.path)) throw new RangeError(`not a path: ${health.path}`);
  const dir = options.directory.replace(/\/$/, "");
  if (!/^[\w/.-]+$/.test(dir)) throw new RangeError(`not a plain directory path: ${dir}`);

  const lines = [
    "global",
    `  nbthread ${options.threads ?? 1}`,
    "  maxconn 4096",
    `  stats socket ${statsSocketPath(dir)} mode 600 level admin`,
    ...(options.user ? [`  user ${options.user}`, `  group ${options.user}`] : []),
    // A stop never waits for long requests (a Submit) longer than this.
    "  hard-stop-after 5s",
    "",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 30s",
    `  timeout server ${Math.round((options.serverTimeoutMs ?? 60_000) / 1000)}s`,
    "  timeout http-request 15s",
    "  timeout http-keep-alive 5s",
    // A connection refused (an instance just killed) is tried again on another instance, so the
    // client does not see it; the failed instance is marked down at once rather than at the next
    // health check.
    "  retries 2",
    "  option redispatch 1",
    "  errorfiles problems",
    "",
    "http-errors problems",
    ...Object.keys(PROBLEMS).map((status) => `  errorfile ${status} ${dir}/${status}.http`),
    "",
    "frontend web",
    `  bind ${listen.host}:${listen.port}`,
    // The client's address, appended to any X-Forwarded-For it sent: the app reads the last hop
    // only because TRUST_PROXY says one proxy is in front (decision 110).
    "  option forwardfor",
    "  http-request set-header X-Forwarded-Host %[req.hdr(host)]",
    "  http-request set-header X-Forwarded-Proto http",
    "  default_backend instances",
    "",
    "backend instances",
    "  balance roundrobin",
    "  option httpchk",
    `  http-check send meth GET uri ${health.path}`,
    "  http-check expect status 200",
    `  default-server check inter ${health.intervalMs}ms fall ${health.fall} rise ${health.rise} ` +
      "observe layer4 error-limit 1 on-error mark-down",
    ...backends.map(
      (backend, i) =>
        `  server ${backendName(i)} ${backend.host}:${backend.port} weight ${weights[i]}`,
    ),
    "",
  ];
  return lines.join("\n");
}

export function statsSocketPath(directory: string): string {
  return `${directory.replace(/\/$/, "")}/admin.sock`;
}

/** The raw HTTP responses HAProxy sends for its own errors, by file name in the directory. */
export function errorFiles(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errorResponses()).map(([status, text]) => [`${status}.http`, text]),
  );
}

/** The raw HTTP responses HAProxy sends for its own errors (errorfile format), by status. */
function errorResponses(): Record<number, string> {
  const files: Record<number, string> = {};
  for (const [status, [title, detail]] of Object.entries(PROBLEMS)) {
    const body = JSON.stringify({ type: "about:blank", title, status: Number(status), detail });
    files[Number(status)] = [
      `HTTP/1.1 ${status} ${title}`,
      "content-type: application/problem+json",
      "cache-control: no-store",
      ...(status === "503" ? ["retry-after: 5"] : []),
      `content-length: ${Buffer.byteLength(body)}`,
      "connection: close",
      "",
      body,
    ].join("\r\n");
  }
  return files;
}
