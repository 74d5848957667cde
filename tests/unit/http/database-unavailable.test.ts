import { describe, expect, test, vi } from "vitest";
import { isDatabaseUnavailable } from "@/lib/http/database-unavailable";
import { route } from "@/lib/http/problem";

// Shaped like what Prisma 6 with a driver adapter throws (PrismaClientKnownRequestError and the
// adapter's cause), without importing a client.
function prismaError(code: string, cause?: Record<string, unknown>) {
  return Object.assign(new Error(`prisma ${code}`), {
    name: "PrismaClientKnownRequestError",
    code,
    meta: cause ? { driverAdapterError: { name: "DriverAdapterError", cause } } : undefined,
  });
}

describe("a database that cannot be reached", () => {
  test("is recognised from Prisma's codes, the adapter's cause, the driver's message and socket codes", () => {
    expect(isDatabaseUnavailable(prismaError("P1001"))).toBe(true);
    expect(isDatabaseUnavailable(prismaError("P1017"))).toBe(true);
    expect(isDatabaseUnavailable(prismaError("P2024"))).toBe(true);
    expect(
      isDatabaseUnavailable(prismaError("P2010", { kind: "postgres", originalCode: "57P01" })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5440"), {
      code: "ECONNREFUSED",
    });
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: refused }))).toBe(true);
  });

  test("is not confused with a bug or a constraint the request broke", () => {
    expect(isDatabaseUnavailable(prismaError("P2002"))).toBe(false);
    expect(
      isDatabaseUnavailable(prismaError("P2003", { kind: "postgres", originalCode: "23503" })),
    ).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    const loop: Record<string, unknown> = { message: "loop" };
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });

  test("is answered 503 with Retry-After and no stack, while any other error stays a bare 500", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const down = route(() => Promise.reject(prismaError("P1001")));
    const response = await down(
      new Request("http://localhost/api/drafts/x", { method: "PUT" }),
      {},
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    const body = (await response.json()) as { title: string; detail: string };
    expect(body.detail).toMatch(/nothing was saved/);
    expect(JSON.stringify(body)).not.toMatch(/P1001|at .*\.ts/);

    const bug = route(() => Promise.reject(new TypeError("x is undefined")));
    const other = await bug(new Request("http://localhost/api/drafts/x", { method: "PUT" }), {});
    expect(other.status).toBe(500);
    expect(other.headers.get("retry-after")).toBeNull();
    quiet.mockRestore();
  });
});
