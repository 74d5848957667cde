import { createServer, request, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, test } from "vitest";
import { SOCKET_ADDRESS_HEADER as FROM_TS } from "@/lib/http/forwarded";
import {
  installSocketAddressHook,
  SOCKET_ADDRESS_HEADER,
} from "@/lib/http/socket-address-hook.mjs";

installSocketAddressHook();
installSocketAddressHook(); // idempotent: installing twice must not wrap twice

const seen: IncomingHttpHeaders[] = [];
const server = createServer((req, res) => {
  seen.push({ ...req.headers });
  res.end("ok");
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as AddressInfo;

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(headers: Record<string, string>, localAddress?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, headers, localAddress }, (res) => {
      res.resume();
      res.on("end", resolve);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the socket address hook next.config.js installs", () => {
  test("route handlers get the TCP peer's address, and a client cannot send its own", async () => {
    expect(SOCKET_ADDRESS_HEADER).toBe(FROM_TS);
    await send({ [SOCKET_ADDRESS_HEADER]: "6.6.6.6", "x-forwarded-for": "6.6.6.6" });
    // Another loopback address of this machine: the header follows the real socket.
    await send({}, "127.0.0.7");
    expect(seen.map((headers) => headers[SOCKET_ADDRESS_HEADER])).toEqual([
      "127.0.0.1",
      "127.0.0.7",
    ]);
    // Forwarded headers are left alone: whether to read them is the trust setting's call.
    expect(seen[0]?.["x-forwarded-for"]).toBe("6.6.6.6");
  });
});
