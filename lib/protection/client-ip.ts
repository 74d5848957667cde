import { isIP } from "node:net";
import type { TrustProxy } from "./config";

/**
 * The client's address as the trust setting allows (docs/decisions/081-client-ip.md), or null
 * when the request carries none. A route handler has no socket: `next start` copies the socket's
 * address into X-Forwarded-For, but only when the client sent no such header itself, so without a
 * trusted proxy in front the last entry is the best available (and a client can choose it).
 */
export function clientIp(headers: Headers, trust: TrustProxy): string | null {
  if (trust.kind === "x-real-ip") return normaliseIp(headers.get("x-real-ip"));
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (chain.length === 0) return null;
  // Each trusted proxy appended the address it saw; entries left of those are the client's word.
  const index = trust.kind === "hops" ? Math.max(0, chain.length - trust.hops) : chain.length - 1;
  return normaliseIp(chain[index] ?? null);
}

/**
 * The bucket key of an address: IPv4 as is (IPv4-mapped IPv6 unwrapped), IPv6 by its /64, since one
 * host is routinely given a whole /64 and could otherwise take a new address per request.
 * Anything that is not an address (a client-supplied header) is kept, bounded, as its own key.
 */
export function ipKey(ip: string): string {
  const version = isIP(ip);
  if (version === 4) return ip;
  if (version !== 6) return `other:${ip.slice(0, 64)}`;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  return `${expandIpv6(ip).slice(0, 4).join(":")}::/64`;
}

function normaliseIp(value: string | null): string | null {
  if (!value) return null;
  let ip = value.trim();
  // "[2001:db8::1]:443" and "203.0.113.7:5000" (some proxies include the port).
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed?.[1]) ip = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(":"));
  return ip === "" ? null : ip;
}

/** The eight hextets of an IPv6 address, lower case, without leading zeros. */
function expandIpv6(ip: string): string[] {
  let text = ip.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((part) => (parseInt(part, 16) || 0).toString(16));
}
