import { describe, expect, test } from "vitest";
import { ManualClock } from "@/lib/limiters";
import { MemoryCounterStore, type CounterStore } from "@/lib/protection/failure-counters";
import { SignInFailures } from "@/lib/protection/sign-in-failures";

const WINDOW = 15 * 60_000;

function setup(store?: CounterStore) {
  const clock = new ManualClock(1_000_000);
  const local = new MemoryCounterStore(clock);
  const failures: unknown[] = [];
  const limiter = new SignInFailures({
    store: store ?? local,
    fallback: local,
    failure: { mode: "closed", fallbackScale: 2 },
    clock,
    pair: { max: 3, windowMs: WINDOW },
    account: { max: 5, windowMs: WINDOW },
    timeoutMs: 50,
    onStoreFailure: (error) => failures.push(error),
  });
  /** One attempt that ends as `succeeded` says; its status (429 when refused). */
  const attempt = async (ip: string, succeeded = false) => {
    const result = await limiter.attempt("account:owner", ip);
    if (result.refusal) return result.refusal.status;
    await result.settle(succeeded);
    return succeeded ? 200 : 401;
  };
  return { clock, attempt, failures, limiter };
}

describe("failed sign-ins", () => {
  test("successes are never counted", async () => {
    const { attempt } = setup();
    for (let i = 0; i < 20; i++) expect(await attempt("192.0.2.1", true)).toBe(200);
  });

  test("a pair's failures are refused past its share, until the window ends", async () => {
    const { attempt, clock } = setup();
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(await attempt("198.51.100.1"));
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // The owner, elsewhere, is not refused.
    expect(await attempt("192.0.2.1", true)).toBe(200);
    clock.advance(WINDOW);
    expect(await attempt("198.51.100.1")).toBe(401);
  });

  test("the account's cap holds across addresses, and its refusal says so", async () => {
    const { attempt, limiter } = setup();
    const statuses = [];
    for (const ip of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      for (let i = 0; i < 2; i++) statuses.push(await attempt(ip));
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await limiter.attempt("account:owner", "198.51.100.4");
    expect(await refused.refusal?.json()).toMatchObject({
      detail: expect.stringMatching(/per account\. Retry after 900 seconds/),
    });
  });

  test("guesses sent at once all count", async () => {
    const { attempt } = setup();
    const statuses = await Promise.all(Array.from({ length: 6 }, () => attempt("198.51.100.9")));
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
  });

  test("while the shared store fails, each instance counts alone at the fallback's scale", async () => {
    const broken: CounterStore = { add: () => Promise.reject(new Error("down")) };
    const { attempt, failures } = setup(broken);
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push(await attempt("198.51.100.1"));
    // 3 × 2 failures per pair on this instance.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    expect(failures.length).toBeGreaterThan(0);
  });
});
