import {
  Agent,
  createServer,
  request as forward,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

export interface Upstream {
  host: string;
  port: number;
}

export interface ProxyOptions {
  upstreams: readonly Upstream[];
  /**
   * Relative shares of the requests, one per upstream (default: equal, i.e. round robin). Picked by
   * smooth weighted round robin, so [7, 2, 1] sends exactly 7, 2 and 1 of every 10 requests, spread
   * out rather than in runs.
   */
  weights?: readonly number[];
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
}

export interface RunningProxy {
  url: string;
  port: number;
  /** Requests sent to each upstream so far. */
  readonly counts: readonly number[];
  close(): Promise<void>;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection and are never forwarded.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
]);

/**
 * A small HTTP reverse proxy in front of several instances of the app, for running the platform as a
 * cluster on one machine (`npm run start:cluster`). It appends the client's address to
 * X-Forwarded-For, so the instances run with TRUST_PROXY=1 and see who is asking; it keeps the Host
 * header, so the app's same-origin checks see the address the browser used.
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { upstreams } = options;
  if (upstreams.length === 0) throw new RangeError("at least one upstream is required");
  const pick = weightedRoundRobin(options.weights ?? upstreams.map(() => 1));
  if (options.weights && options.weights.length !== upstreams.length) {
    throw new RangeError("one weight per upstream is required");
  }
  const counts = upstreams.map(() => 0);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });

  const server = createServer((req, res) => {
    const index = pick();
    counts[index]!++;
    relay(req, res, upstreams[index]!, agent);
  });
  // Slow clients must not hold sockets forever; idle keep-alive connections are closed quickly.
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 15_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? "127.0.0.1"}:${port}`,
    port,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

function relay(req: IncomingMessage, res: ServerResponse, upstream: Upstream, agent: Agent): void {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const client = req.socket.remoteAddress ?? "unknown";
  const chain = req.headers["x-forwarded-for"];
  headers["x-forwarded-for"] = chain ? `${String(chain)}, ${client}` : client;
  headers["x-forwarded-host"] = req.headers.host ?? `${upstream.host}:${upstream.port}`;
  headers["x-forwarded-proto"] = "http";

  const outgoing = forward(
    { host: upstream.host, port: upstream.port, method: req.method, path: req.url, headers, agent },
    (answer) => {
      const out: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
      answer.pipe(res);
    },
  );
  outgoing.on("error", () => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(502, { "content-type": "application/problem+json", "cache-control": "no-store" });
    res.end(
      JSON.stringify({
        type: "about:blank",
        title: "Bad gateway",
        status: 502,
        detail: `The instance on port ${upstream.port} did not answer.`,
      }),
    );
  });
  // A client that goes away takes its upstream request with it.
  res.on("close", () => {
    if (!res.writableFinished) outgoing.destroy();
  });
  req.pipe(outgoing);
}

/** nginx's smooth weighted round robin: deterministic, and interleaves the upstreams evenly. */
export function weightedRoundRobin(weights: readonly number[]): () => number {
  if (weights.length === 0 || weights.some((w) => !(w >= 0)) || !weights.some((w) => w > 0)) {
    throw new RangeError("weights must be >= 0 with at least one > 0");
  }
  const total = weights.reduce((sum, w) => sum + w, 0);
  const current = weights.map(() => 0);
  return () => {
    let best = 0;
    for (let i = 0; i < weights.length; i++) {
      current[i]! += weights[i]!;
      if (current[i]! > current[best]!) best = i;
    }
    current[best]! -= total;
    return best;
  };
}
