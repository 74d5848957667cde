import { describe, expect, test } from "vitest";
import { clientIp, ipKey } from "@/lib/protection/client-ip";

const headers = (values: Record<string, string>) => new Headers(values);

describe("client address", () => {
  test("without a trusted proxy, the address next start recorded (the last entry) is used", () => {
    const trust = { kind: "none" } as const;
    expect(clientIp(headers({ "x-forwarded-for": "203.0.113.9" }), trust)).toBe("203.0.113.9");
    expect(clientIp(headers({ "x-forwarded-for": "1.1.1.1, 203.0.113.9" }), trust)).toBe(
      "203.0.113.9",
    );
    // X-Real-IP is a header anyone can send: not trusted unless configured.
    expect(clientIp(headers({ "x-real-ip": "9.9.9.9" }), trust)).toBeNull();
  });

  test("with N trusted proxies, the client is the N-th entry from the right, whatever it prepended", () => {
    const spoofed = headers({ "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.2" });
    expect(clientIp(spoofed, { kind: "hops", hops: 1 })).toBe("10.0.0.2");
    expect(clientIp(spoofed, { kind: "hops", hops: 2 })).toBe("198.51.100.4");
    // A chain shorter than the hops configured: the leftmost entry is the best there is.
    expect(clientIp(spoofed, { kind: "hops", hops: 5 })).toBe("6.6.6.6");
  });

  test("X-Real-IP is read only when configured, with ports and brackets removed", () => {
    const trust = { kind: "x-real-ip" } as const;
    expect(clientIp(headers({ "x-real-ip": "203.0.113.7:5000" }), trust)).toBe("203.0.113.7");
    expect(clientIp(headers({ "x-real-ip": "[2001:db8::1]:443" }), trust)).toBe("2001:db8::1");
    expect(clientIp(headers({ "x-forwarded-for": "1.2.3.4" }), trust)).toBeNull();
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
