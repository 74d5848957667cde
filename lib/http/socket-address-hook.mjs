// Plain JavaScript: next.config.js imports it into the server process before Next sees a request.
import http from "node:http";
import https from "node:https";

/**
 * The request header that carries the TCP peer's address to route handlers. Next gives a route
 * handler a Request without its socket, and `next start` writes the socket's address into
 * X-Forwarded-For only when the client sent none (docs/decisions/110-socket-address.md).
 * Keep in step with SOCKET_ADDRESS_HEADER in lib/http/forwarded.ts.
 */
export const SOCKET_ADDRESS_HEADER = "x-tradeoff-socket-address";

const installed = Symbol.for("tradeoff.socketAddressHook");

/**
 * Makes every HTTP(S) server of this process overwrite SOCKET_ADDRESS_HEADER on each request with
 * the socket's remote address, before any listener runs: a client that sends the header itself
 * has it replaced (or removed, on a socket without an address). Idempotent.
 */
export function installSocketAddressHook() {
  for (const Server of [http.Server, https.Server]) {
    const prototype = Server.prototype;
    if (prototype[installed]) continue;
    const emit = prototype.emit;
    prototype.emit = function emitWithSocketAddress(event, request, ...rest) {
      if (event === "request" && request && typeof request.headers === "object") {
        const address = request.socket?.remoteAddress;
        if (address) request.headers[SOCKET_ADDRESS_HEADER] = address;
        else delete request.headers[SOCKET_ADDRESS_HEADER];
      }
      return emit.call(this, event, request, ...rest);
    };
    prototype[installed] = true;
  }
}
