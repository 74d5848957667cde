import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, test } from "vitest";
import { freePort } from "@/lib/cluster/launcher";
import { startProxy, weightedRoundRobin } from "@/lib/cluster/proxy";

const servers: Server[] = [];

/** An upstream that answers with its name and the headers it received. */
async function upstream(name: string): Promise<{ host: string; port: number }> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      res.setHeader("set-cookie", ["a=1; Path=/", "b=2; Path=/"]);
      res.writeHead(201, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ name, method: req.method, url: req.url, headers: req.headers, body }),
      );
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { host: "127.0.0.1", port: (server.address() as AddressInfo).port };
}

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

describe("weighted round robin", () => {
  test("equal weights take turns, and 7/2/1 sends exactly 7, 2 and 1 of every 10, interleaved", () => {
    const even = weightedRoundRobin([1, 1, 1]);
    expect(Array.from({ length: 6 }, even)).toEqual([0, 1, 2, 0, 1, 2]);
    const skewed = weightedRoundRobin([7, 2, 1]);
    const picks = Array.from({ length: 10 }, skewed);
    expect([0, 1, 2].map((i) => picks.filter((p) => p === i).length)).toEqual([7, 2, 1]);
    // Never more than three requests in a row to the heavy upstream.
    expect(picks.join("")).not.toMatch(/0000/);
  });

  test("weights that select nothing are refused", () => {
    expect(() => weightedRoundRobin([])).toThrow(RangeError);
    expect(() => weightedRoundRobin([0, 0])).toThrow(RangeError);
    expect(() => weightedRoundRobin([1, -1])).toThrow(RangeError);
  });
});

describe("the cluster's proxy", () => {
  test("spreads requests, appends the client's address, keeps Host, relays bodies and cookies", async () => {
    const proxy = await startProxy({ upstreams: [await upstream("a"), await upstream("b")] });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) {
        const response = await fetch(`${proxy.url}/api/x?i=${i}`, {
          method: "POST",
          headers: { "x-forwarded-for": "198.51.100.9", "content-type": "text/plain" },
          body: `hello ${i}`,
        });
        expect(response.status).toBe(201);
        expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
        answers.push(
          (await response.json()) as {
            name: string;
            url: string;
            body: string;
            headers: Record<string, string>;
          },
        );
      }
      expect(answers.map((a) => a.name)).toEqual(["a", "b", "a", "b"]);
      expect(proxy.counts).toEqual([2, 2]);
      expect(answers[3]).toMatchObject({ url: "/api/x?i=3", body: "hello 3" });
      const headers = answers[0]!.headers;
      expect(headers["x-forwarded-for"]).toBe("198.51.100.9, 127.0.0.1");
      expect(headers.host).toBe(`127.0.0.1:${proxy.port}`);
      expect(headers["x-forwarded-host"]).toBe(`127.0.0.1:${proxy.port}`);
    } finally {
      await proxy.close();
    }
  });

  test("an instance that does not answer is a 502 problem, not a hung request", async () => {
    const proxy = await startProxy({ upstreams: [{ host: "127.0.0.1", port: await freePort() }] });
    try {
      const response = await fetch(`${proxy.url}/`);
      expect(response.status).toBe(502);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(((await response.json()) as { title: string }).title).toBe("Bad gateway");
    } finally {
      await proxy.close();
    }
  });
});
