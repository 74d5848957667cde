import { describe, expect, test } from "vitest";
import { requestHost } from "@/lib/http/forwarded";
import { clientIp } from "@/lib/http/forwarded";
import { ipKey } from "@/lib/protection/client-ip";

const headers = (values: Record<string, string>) => new Headers(values);

const SOCKET = "x-tradeoff-socket-address";

describe("client address", () => {
  test("without a trusted proxy the socket's address is used and X-Forwarded-For is never read", () => {
    const trust = { kind: "none" } as const;
    // The finding: the last X-Forwarded-For entry, which a client talking to next start chooses.
    const spoofed = headers({ [SOCKET]: "198.51.100.20", "x-forwarded-for": "203.0.113.9" });
    expect(clientIp(spoofed, trust)).toBe("198.51.100.20");
    expect(clientIp(headers({ "x-forwarded-for": "1.1.1.1, 203.0.113.9" }), trust)).toBeNull();
    // X-Real-IP is a header anyone can send: not trusted unless configured.
    expect(clientIp(headers({ [SOCKET]: "::ffff:127.0.0.1", "x-real-ip": "9.9.9.9" }), trust)).toBe(
      "::ffff:127.0.0.1",
    );
  });

  test("with N trusted proxies, the client is the N-th entry from the right, whatever it prepended", () => {
    const spoofed = headers({
      [SOCKET]: "10.0.0.1",
      "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.2",
    });
    expect(clientIp(spoofed, { kind: "hops", hops: 1 })).toBe("10.0.0.2");
    expect(clientIp(spoofed, { kind: "hops", hops: 2 })).toBe("198.51.100.4");
    // A chain shorter than the hops configured: the leftmost entry is the best there is.
    expect(clientIp(spoofed, { kind: "hops", hops: 5 })).toBe("6.6.6.6");
    // A proxy with nothing to forward: its own peer is the client.
    expect(clientIp(headers({ [SOCKET]: "10.0.0.1" }), { kind: "hops", hops: 1 })).toBe("10.0.0.1");
  });

  test("with proxy addresses, hops are walked from the socket while they are trusted", () => {
    const trust = { kind: "addresses", addresses: ["loopback", "10.0.0.0/8"] } as const;
    const chain = "6.6.6.6, 198.51.100.4, 10.1.2.3";
    // Through our proxies: the first address that is not one of them is the client.
    expect(clientIp(headers({ [SOCKET]: "127.0.0.1", "x-forwarded-for": chain }), trust)).toBe(
      "198.51.100.4",
    );
    // Straight from the internet: the header is the client's word and is ignored.
    expect(clientIp(headers({ [SOCKET]: "203.0.113.50", "x-forwarded-for": chain }), trust)).toBe(
      "203.0.113.50",
    );
  });

  test("X-Real-IP is read only when configured, with ports and brackets removed", () => {
    const trust = { kind: "x-real-ip" } as const;
    expect(clientIp(headers({ "x-real-ip": "203.0.113.7:5000" }), trust)).toBe("203.0.113.7");
    expect(clientIp(headers({ "x-real-ip": "[2001:db8::1]:443" }), trust)).toBe("2001:db8::1");
    expect(clientIp(headers({ "x-forwarded-for": "1.2.3.4" }), trust)).toBeNull();
  });

  test("X-Forwarded-Host names the host only when the request came through a trusted proxy", () => {
    const sent = {
      host: "localhost:3000",
      "x-forwarded-host": "evil.example",
      [SOCKET]: "127.0.0.1",
    };
    expect(requestHost(headers(sent), { kind: "none" })).toBe("localhost:3000");
    expect(requestHost(headers(sent), { kind: "hops", hops: 1 })).toBe("evil.example");
    const proxies = { kind: "addresses", addresses: ["10.0.0.0/8"] } as const;
    expect(requestHost(headers(sent), proxies)).toBe("localhost:3000");
    expect(requestHost(headers({ ...sent, [SOCKET]: "10.0.0.9" }), proxies)).toBe("evil.example");
  });

  test("IPv6 addresses share a bucket per /64; IPv4-mapped addresses are IPv4", () => {
    expect(ipKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(ipKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(ipKey("::1")).toBe("0:0:0:0::/64");
    expect(ipKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(ipKey("192.0.2.1")).toBe("192.0.2.1");
    expect(ipKey("not an address")).toBe("other:not an address");
  });
});
