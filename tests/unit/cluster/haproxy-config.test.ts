import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import {
  DEFAULT_HEALTH,
  errorFiles,
  haproxyConfig,
  type HaproxyConfigOptions,
} from "@/lib/cluster/haproxy-config";
import { haproxyBinary } from "@/lib/cluster/load-balancer";

const options = (overrides: Partial<HaproxyConfigOptions> = {}): HaproxyConfigOptions => ({
  backends: [
    { host: "127.0.0.1", port: 7001, weight: 7 },
    { host: "127.0.0.1", port: 7002, weight: 2 },
    { host: "127.0.0.1", port: 7003, weight: 1 },
  ],
  listen: { host: "127.0.0.1", port: 7000 },
  directory: "/tmp/lb-test",
  health: DEFAULT_HEALTH,
  ...overrides,
});

describe("the load balancer's HAProxy configuration", () => {
  test("lists every instance with its weight, round robin, behind the listening address", () => {
    const config = haproxyConfig(options());
    expect(config).toContain("bind 127.0.0.1:7000");
    expect(config).toContain("balance roundrobin");
    expect(config).toMatch(/server i1 127\.0\.0\.1:7001 weight 7\n/);
    expect(config).toMatch(/server i2 127\.0\.0\.1:7002 weight 2\n/);
    expect(config).toMatch(/server i3 127\.0\.0\.1:7003 weight 1\n/);
    // No weight given means an equal share.
    const even = haproxyConfig(options({ backends: [{ host: "127.0.0.1", port: 7001 }] }));
    expect(even).toMatch(/server i1 127\.0\.0\.1:7001 weight 1\n/);
  });

  test("checks each instance actively and takes it out after the configured failures", () => {
    const config = haproxyConfig(
      options({ health: { path: "/api/health", intervalMs: 250, fall: 3, rise: 1 } }),
    );
    expect(config).toContain("option httpchk");
    expect(config).toContain("http-check send meth GET uri /api/health");
    expect(config).toContain("http-check expect status 200");
    expect(config).toMatch(/default-server check inter 250ms fall 3 rise 1 /);
    // A refused connection marks the instance down at once and the request goes elsewhere.
    expect(config).toContain("on-error mark-down");
    expect(config).toContain("option redispatch");
  });

  test("passes the client's address and the host the browser asked for, overwriting the client's", () => {
    const config = haproxyConfig(options());
    expect(config).toContain("option forwardfor");
    expect(config).toContain("http-request set-header X-Forwarded-Host %[req.hdr(host)]");
    expect(config).toContain("http-request set-header X-Forwarded-Proto http");
  });

  test("drops root only when told to, and keeps its socket and error pages in its directory", () => {
    expect(haproxyConfig(options())).not.toMatch(/^\s*user /m);
    expect(haproxyConfig(options({ user: "haproxy" }))).toMatch(/^ {2}user haproxy$/m);
    const config = haproxyConfig(options());
    expect(config).toContain("stats socket /tmp/lb-test/admin.sock mode 600 level admin");
    expect(config).toContain("errorfile 503 /tmp/lb-test/503.http");
    const unavailable = errorFiles()["503.http"]!;
    expect(unavailable).toMatch(/^HTTP\/1\.1 503 /);
    expect(unavailable).toContain("content-type: application/problem+json");
    const [head, body] = unavailable.split("\r\n\r\n") as [string, string];
    expect(head).toContain(`content-length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toMatchObject({ status: 503, title: "Service unavailable" });
  });

  test("refuses options HAProxy would misread", () => {
    expect(() => haproxyConfig(options({ backends: [] }))).toThrow(RangeError);
    const weighted = (weight: number) =>
      haproxyConfig(options({ backends: [{ host: "127.0.0.1", port: 7001, weight }] }));
    expect(() => weighted(0)).toThrow(/above 0/);
    expect(() => weighted(257)).toThrow(/0 to 256/);
    expect(() => weighted(1.5)).toThrow(/whole/);
    expect(() => haproxyConfig(options({ listen: { host: "a b", port: 1 } }))).toThrow(/host/);
    expect(() => haproxyConfig(options({ listen: { host: "x", port: 70_000 } }))).toThrow(/port/);
    expect(() => haproxyConfig(options({ directory: "/tmp/with space" }))).toThrow(/directory/);
    const badPath = { ...DEFAULT_HEALTH, path: "/x\nbind 0.0.0.0:1" };
    expect(() => haproxyConfig(options({ health: badPath }))).toThrow(/path/);
  });

  test("is a configuration HAProxy itself accepts (haproxy -c)", () => {
    const binary = haproxyBinary();
    expect(binary, "haproxy must be installed (.ci/run installs it)").not.toBeNull();
    const directory = mkdtempSync(join(tmpdir(), "tradeoff-haproxy-check-"));
    try {
      for (const [name, text] of Object.entries(errorFiles())) {
        writeFileSync(join(directory, name), text);
      }
      const path = join(directory, "haproxy.cfg");
      writeFileSync(path, haproxyConfig(options({ directory })));
      const check = spawnSync(binary!, ["-c", "-f", path], { encoding: "utf8" });
      expect(`${check.stdout}${check.stderr}`).not.toMatch(/ALERT|WARNING/);
      expect(check.status).toBe(0);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
