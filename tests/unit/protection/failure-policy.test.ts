import { describe, expect, test } from "vitest";
import {
  type BucketRequest,
  type BucketStore,
  type Decision,
  ManualClock,
  MemoryBucketStore,
} from "@/lib/limiters";
import type { EndpointClass, RateLimits } from "@/lib/protection/config";
import { Gatekeeper } from "@/lib/protection/gatekeeper";
import { createProtection } from "@/lib/protection/protection";

/** A store that can be switched between working, failing and hanging. */
class SwitchableStore implements BucketStore {
  state: "up" | "error" | "hang" = "up";
  calls = 0;
  private readonly inner = new MemoryBucketStore();

  take(key: string, request: BucketRequest): Promise<Decision> {
    this.calls++;
    if (this.state === "error") return Promise.reject(new Error("ECONNREFUSED"));
    if (this.state === "hang") return new Promise(() => {});
    return this.inner.take(key, request);
  }
}

const limits: RateLimits = {
  judge: {
    learner: { capacity: 2, perMinute: 1 },
    ip: { capacity: 100, perMinute: 100 },
    failure: { mode: "closed", fallbackScale: 1 },
  },
  auth: {
    learner: { capacity: 2, perMinute: 1 },
    ip: { capacity: 100, perMinute: 100 },
    failure: { mode: "closed", fallbackScale: 2 },
  },
  write: {
    learner: { capacity: 2, perMinute: 1 },
    ip: { capacity: 100, perMinute: 100 },
    failure: { mode: "closed", fallbackScale: 0 },
  },
  read: { learner: null, ip: { capacity: 2, perMinute: 1 }, failure: { mode: "open" } },
};

function setup() {
  const clock = new ManualClock(5_000_000);
  const store = new SwitchableStore();
  const failures: EndpointClass[] = [];
  const gatekeeper = new Gatekeeper({
    limits,
    clock,
    store,
    timeoutMs: 50,
    retryStoreAfterMs: 1_000,
    onStoreFailure: (endpoint) => failures.push(endpoint),
  });
  const protection = createProtection({
    gatekeeper,
    trustProxy: { kind: "none" },
    identifyLearner: async () => "ada",
  });
  const statuses = async (endpoint: EndpointClass, n: number) => {
    const out = [];
    for (let i = 0; i < n; i++) {
      const request = new Request("http://localhost/x", {
        method: "POST",
        headers: { "x-forwarded-for": "203.0.113.1" },
      });
      out.push((await protection.protect(request, endpoint)).refusal?.status ?? 200);
    }
    return out;
  };
  return { clock, store, failures, protection, statuses };
}

describe("when the shared store fails, each class follows its configured policy", () => {
  test("with the store up, the shared buckets decide", async () => {
    const { statuses, store } = setup();
    expect(await statuses("judge", 3)).toEqual([200, 200, 429]);
    expect(store.calls).toBe(6); // IP and learner, per request
  });

  test("reads fail open: admitted with only RateLimit-Limit, since a remaining count would be invented", async () => {
    const { protection, store, failures, statuses } = setup();
    store.state = "error";
    expect(await statuses("read", 5)).toEqual([200, 200, 200, 200, 200]);
    const gate = await protection.protect(new Request("http://localhost/x"), "read");
    expect(gate.headers).toEqual({ "RateLimit-Limit": "2" });
    expect(failures).toEqual(["read"]); // reported once per retry interval, not per request
  });

  test("judging fails closed onto a local bucket of the same size", async () => {
    const { store, failures, statuses } = setup();
    store.state = "error";
    expect(await statuses("judge", 3)).toEqual([200, 200, 429]);
    expect(failures).toEqual(["judge"]);
  });

  test("sign-in fails closed onto a generous local bucket (twice the shared one)", async () => {
    const { store, statuses } = setup();
    store.state = "error";
    expect(await statuses("auth", 5)).toEqual([200, 200, 200, 200, 429]);
  });

  test("a class with no fallback refuses everything until the store answers, with a Retry-After", async () => {
    const { store, protection, clock, statuses } = setup();
    store.state = "error";
    const request = () =>
      new Request("http://localhost/x", {
        method: "PUT",
        headers: { "x-forwarded-for": "1.2.3.4" },
      });
    const gate = await protection.protect(request(), "write");
    expect(gate.refusal?.status).toBe(429);
    expect(gate.refusal?.headers.get("retry-after")).toBe("1");
    store.state = "up";
    clock.advance(1_000);
    expect(await statuses("write", 1)).toEqual([200]);
  });

  test("a store that hangs costs one timeout, then the policy decides at once until the retry", async () => {
    const { store, statuses, clock, failures } = setup();
    store.state = "hang";
    const started = performance.now();
    expect(await statuses("judge", 3)).toEqual([200, 200, 429]);
    expect(performance.now() - started).toBeLessThan(500);
    expect(store.calls).toBe(1);
    expect(failures).toEqual(["judge"]);
    store.state = "up";
    clock.advance(1_000);
    // The store is asked again; its buckets were never touched, so they are full.
    expect(await statuses("judge", 1)).toEqual([200]);
    expect(store.calls).toBe(3);
  });
});
