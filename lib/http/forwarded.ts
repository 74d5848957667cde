import proxyaddr from "proxy-addr";
import type { IncomingMessage } from "node:http";
import type { TrustProxy } from "@/lib/protection/config";

/**
 * Who is on the other end of a request, and which host they asked for, as far as the trust setting
 * allows (docs/decisions/081-client-ip.md, 110-socket-address.md). Forwarded headers are the
 * client's word unless the hop that sent them is a configured proxy, so they are read only then.
 */

/** Set by lib/http/socket-address-hook.mjs on every request `next start` or `next dev` serves. */
export const SOCKET_ADDRESS_HEADER = "x-tradeoff-socket-address";

/** The TCP peer's address, or null (a route handler called directly, as in tests). */
function socketAddress(headers: Headers): string | null {
  return normaliseIp(headers.get(SOCKET_ADDRESS_HEADER));
}

/** The client's address: the socket's, or what the trusted proxies say; null when unknown. */
export function clientIp(headers: Headers, trust: TrustProxy): string | null {
  const socket = socketAddress(headers);
  switch (trust.kind) {
    case "none":
      return socket;
    case "x-real-ip":
      return normaliseIp(headers.get("x-real-ip"));
    case "hops":
    case "addresses": {
      const chain = proxyaddr.all(asIncoming(headers, socket), trustFunction(trust));
      // proxyaddr.all: [socket, nearest forwarded hop, …] up to the first untrusted one.
      const candidate = chain[chain.length - 1];
      return normaliseIp(candidate === UNKNOWN_SOCKET ? null : (candidate ?? null));
    }
  }
}

/**
 * The host the browser addressed: X-Forwarded-Host when the hop that sent the request is a trusted
 * proxy (its first entry: the one the outermost proxy saw), else Host.
 */
export function requestHost(headers: Headers, trust: TrustProxy): string | null {
  if (fromTrustedProxy(headers, trust)) {
    const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return headers.get("host");
}

/** Whether the socket's peer is a configured proxy (an unknown socket counts as one in tests). */
function fromTrustedProxy(headers: Headers, trust: TrustProxy): boolean {
  switch (trust.kind) {
    case "none":
      return false;
    case "hops":
    case "x-real-ip":
      return true;
    case "addresses": {
      const socket = socketAddress(headers);
      return socket !== null && trustFunction(trust)(socket, 0);
    }
  }
}

// Without a socket (a handler called directly) the chain still needs a first hop to walk from.
const UNKNOWN_SOCKET = "0.0.0.0";

const compiled = new Map<string, (address: string, hop: number) => boolean>();

function trustFunction(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust.kind === "hops") return (_address, hop) => hop < trust.hops;
  if (trust.kind !== "addresses") return () => false;
  const key = trust.addresses.join(",");
  let check = compiled.get(key);
  if (!check) {
    check = proxyaddr.compile([...trust.addresses]);
    compiled.set(key, check);
  }
  return check;
}

/** The two fields proxy-addr reads from a Node request. */
function asIncoming(headers: Headers, socket: string | null): IncomingMessage {
  const forwarded = headers.get("x-forwarded-for");
  const remoteAddress = socket ?? UNKNOWN_SOCKET;
  return {
    headers: forwarded === null ? {} : { "x-forwarded-for": forwarded },
    socket: { remoteAddress },
    connection: { remoteAddress },
  } as unknown as IncomingMessage;
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
