import { createServer, type IncomingMessage, request, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RunningLoadBalancer, startLoadBalancer } from "@/lib/cluster/load-balancer";
import { clientIp, requestHost } from "@/lib/http/forwarded";
import { installSocketAddressHook } from "@/lib/http/socket-address-hook.mjs";
import { trustProxyEnvSchema } from "@/lib/protection/config";

// HAProxy (decision 220) in front of three small servers that read the client's address the way
// the app does: the socket-address hook next.config.js installs, then clientIp with the setting
// the cluster's instances run with (TRUST_PROXY=1). Ports from this branch's private range.

const BALANCER_PORT = 18_000;
const SERVER_PORTS = [18_011, 18_012, 18_013];
const TRUST = trustProxyEnvSchema.parse("1");

installSocketAddressHook();

interface Upstream {
  server: Server;
  /** What /api/health answers; a test makes an instance unhealthy without killing it. */
  healthy: boolean;
}

const upstreams: Upstream[] = [];
const balancers: RunningLoadBalancer[] = [];

function listen(index: number): Promise<Upstream> {
  const upstream: Upstream = { server: createServer(), healthy: true };
  upstream.server.on("request", (req: IncomingMessage, res) => {
    if (req.url === "/api/health") {
      res.writeHead(upstream.healthy ? 200 : 503).end();
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify({
        index,
        client: clientIp(headers, TRUST),
        host: requestHost(headers, TRUST),
        socket: req.socket.remoteAddress,
      }),
    );
  });
  return new Promise((resolve, reject) => {
    upstream.server.once("error", reject);
    upstream.server.listen(SERVER_PORTS[index], "127.0.0.1", () => resolve(upstream));
  });
}

beforeAll(async () => {
  upstreams.push(...(await Promise.all(SERVER_PORTS.map((_, i) => listen(i)))));
});

afterAll(async () => {
  await Promise.all(balancers.map((balancer) => balancer.stop()));
  for (const { server } of upstreams) server.closeAllConnections();
  await Promise.all(upstreams.map(({ server }) => new Promise((done) => server.close(done))));
});

async function balancer(weights: number[], fast = false): Promise<RunningLoadBalancer> {
  const started = await startLoadBalancer({
    backends: SERVER_PORTS.map((port, i) => ({ host: "127.0.0.1", port, weight: weights[i]! })),
    port: BALANCER_PORT + balancers.length,
    // Quick checks keep the test short; the cluster's default is once a second.
    ...(fast ? { health: { intervalMs: 200, fall: 2, rise: 2 } } : {}),
  });
  balancers.push(started);
  await Promise.all(SERVER_PORTS.map((_, i) => started.waitForState(i, "UP")));
  return started;
}

interface Answer {
  status: number;
  body: { index: number; client: string; host: string; socket: string } | null;
  contentType: string | undefined;
}

/** One GET from a chosen loopback address, with the headers given. */
function get(url: string, headers: Record<string, string> = {}, from = "127.0.0.1") {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(`${url}/where`, { headers, localAddress: from, agent: false }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => {
        const contentType = res.headers["content-type"];
        const body = res.statusCode === 200 ? (JSON.parse(text) as Answer["body"]) : null;
        resolve({ status: res.statusCode ?? 0, body, contentType });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("HAProxy in front of the instances", () => {
  test("weights 7/2/1 send exactly 14, 4 and 2 of 20 requests, interleaved", async () => {
    const lb = await balancer([7, 2, 1]);
    const picks: number[] = [];
    for (let i = 0; i < 20; i++) picks.push((await get(lb.url)).body!.index);
    expect([0, 1, 2].map((i) => picks.filter((p) => p === i).length)).toEqual([14, 4, 2]);
    expect(await lb.requestCounts()).toEqual([14, 4, 2]);
    // Smooth rotation: the heavy instance never gets a long run to itself.
    expect(picks.join("")).not.toMatch(/00000/);
  });

  test("the client's address reaches the app, not the balancer's nor one the client made up", async () => {
    const lb = await balancer([1, 1, 1]);
    const answer = await get(lb.url, { "x-forwarded-for": "6.6.6.6" }, "127.0.0.2");
    expect(answer.body).toMatchObject({
      socket: "127.0.0.1",
      client: "127.0.0.2",
      host: `127.0.0.1:${lb.port}`,
    });
    const spoofedHost = await get(lb.url, { "x-forwarded-host": "evil.example" }, "127.0.0.3");
    expect(spoofedHost.body).toMatchObject({ client: "127.0.0.3", host: `127.0.0.1:${lb.port}` });
  });

  test("a killed instance is taken out at once, with no failed request, and comes back", async () => {
    const lb = await balancer([1, 1, 1], true);
    const victim = upstreams[1]!;
    victim.server.close();
    victim.server.closeAllConnections();
    const statuses: number[] = [];
    const served: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await get(lb.url);
      statuses.push(answer.status);
      if (answer.body) served.push(answer.body.index);
    }
    // The refused connection is retried on another instance and marks the dead one down.
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(served).not.toContain(1);
    await lb.waitForState(1, "DOWN", 2_000);

    await new Promise<void>((resolve) =>
      victim.server.listen(SERVER_PORTS[1], "127.0.0.1", resolve),
    );
    await lb.waitForState(1, "UP", 5_000);
    const after: number[] = [];
    for (let i = 0; i < 6; i++) after.push((await get(lb.url)).body!.index);
    expect(after).toContain(1);
  });

  test("an instance failing its health check gets no traffic; none left is a 503 problem", async () => {
    const lb = await balancer([1, 1, 1], true);
    upstreams[0]!.healthy = false;
    try {
      await lb.waitForState(0, "DOWN", 5_000);
      const served: number[] = [];
      for (let i = 0; i < 6; i++) served.push((await get(lb.url)).body!.index);
      expect(served).not.toContain(0);

      for (const upstream of upstreams) upstream.healthy = false;
      await Promise.all(SERVER_PORTS.map((_, i) => lb.waitForState(i, "DOWN", 5_000)));
      const refused = await get(lb.url);
      expect(refused.status).toBe(503);
      expect(refused.contentType).toBe("application/problem+json");
    } finally {
      for (const upstream of upstreams) upstream.healthy = true;
    }
  });

  test("stop() ends the HAProxy process and frees its port", async () => {
    const lb = await balancer([1, 1, 1]);
    await lb.stop();
    expect(lb.process.exitCode !== null || lb.process.signalCode !== null).toBe(true);
    await expect(get(lb.url)).rejects.toThrow(/ECONNREFUSED/);
  });
});
