import { isIP } from "node:net";

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
