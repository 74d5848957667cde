/**
 * Whether an error means the database could not be reached for a moment (refused, reset, shutting
 * down, starting up, out of connections), as opposed to a bug. Such a failure is answered 503 with
 * Retry-After: the learner's request did nothing, and trying again in a few seconds is the cure.
 * Read structurally (Prisma's codes, the driver adapter's cause, Node's and PostgreSQL's codes), so
 * this module imports no database client.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== "object" || current === null || seen.has(current)) continue;
    seen.add(current);
    const record = current as Record<string, unknown>;
    const code = typeof record.code === "string" ? record.code : undefined;
    if (code !== undefined && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof record.originalCode === "string" && isPostgresUnavailable(record.originalCode)) {
      return true;
    }
    if (typeof record.kind === "string" && UNAVAILABLE_KINDS.has(record.kind)) return true;
    if (typeof record.message === "string" && UNAVAILABLE_MESSAGE.test(record.message)) return true;
    pending.push(record.cause, record.meta);
    if (typeof record.meta === "object" && record.meta !== null) {
      pending.push((record.meta as Record<string, unknown>).driverAdapterError);
    }
  }
  return false;
}

// Prisma: P1001 can't reach, P1002 timed out reaching, P1008 socket timeout, P1017 closed by the
// server, P2024 no connection free in the pool, P2037 too many connections. Node's socket codes.
const UNAVAILABLE_CODES = new Set([
  "P1001",
  "P1002",
  "P1008",
  "P1017",
  "P2024",
  "P2037",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "SQLITE_BUSY",
]);

const UNAVAILABLE_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);

// Class 08 is "connection exception"; 57P01–57P03 are shutdown, crash shutdown, cannot connect now.
function isPostgresUnavailable(code: string): boolean {
  return code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03";
}

const UNAVAILABLE_MESSAGE =
  /connection terminated|can't reach database server|server has closed the connection|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)/i;
