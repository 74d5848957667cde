import { describe, expect, test } from "vitest";
import { parseEnv } from "@/lib/env";
import { DEFAULT_RATE_LIMITS, rateLimitsSchema } from "@/lib/protection/config";

describe("rate limit configuration", () => {
  test("the defaults are valid, and sign-in fails closed while reads fail open", () => {
    expect(rateLimitsSchema.parse(DEFAULT_RATE_LIMITS)).toEqual(DEFAULT_RATE_LIMITS);
    expect(DEFAULT_RATE_LIMITS.auth.failure).toEqual({ mode: "closed", fallbackScale: 2 });
    expect(DEFAULT_RATE_LIMITS.read.failure).toEqual({ mode: "open" });
    expect(parseEnv({}).RATE_LIMITS).toEqual(DEFAULT_RATE_LIMITS);
  });

  test("a partial RATE_LIMITS changes only the fields it names", () => {
    const limits = parseEnv({
      RATE_LIMITS: JSON.stringify({
        judge: { learner: { capacity: 3 }, failure: { mode: "open" } },
        read: { ip: { perMinute: 5 } },
      }),
    }).RATE_LIMITS;
    expect(limits.judge.learner).toEqual({ capacity: 3, perMinute: 6 });
    expect(limits.judge.ip).toEqual(DEFAULT_RATE_LIMITS.judge.ip);
    expect(limits.judge.failure).toEqual({ mode: "open" });
    expect(limits.read.ip).toEqual({ capacity: 600, perMinute: 5 });
    expect(limits.auth).toEqual(DEFAULT_RATE_LIMITS.auth);
  });

  test("a bucket can be switched off for a class with null", () => {
    const limits = parseEnv({ RATE_LIMITS: '{"write":{"learner":null}}' }).RATE_LIMITS;
    expect(limits.write.learner).toBeNull();
  });

  test("an invalid RATE_LIMITS fails at start-up naming the variable, the field and the reason", () => {
    expect(() => parseEnv({ RATE_LIMITS: '{"judge":{"learner":{"capacity":0}}}' })).toThrow(
      /RATE_LIMITS\.judge\.learner\.capacity: .*>=1/,
    );
    expect(() => parseEnv({ RATE_LIMITS: '{"judge":{"failure":{"mode":"closed"}}}' })).toThrow(
      /RATE_LIMITS\.judge\.failure\.fallbackScale/,
    );
    expect(() => parseEnv({ RATE_LIMITS: '{"jduge":{}}' })).toThrow(/RATE_LIMITS: .*jduge/);
    expect(() => parseEnv({ RATE_LIMITS: "{not json" })).toThrow(/RATE_LIMITS: must be a JSON/);
  });

  test("TRUST_PROXY reads none, hop counts and x-real-ip, and refuses anything else", () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual({ kind: "none" });
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 1 });
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 2 });
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toEqual({ kind: "none" });
    expect(parseEnv({ TRUST_PROXY: "X-Real-IP" }).TRUST_PROXY).toEqual({ kind: "x-real-ip" });
    expect(() => parseEnv({ TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY/);
  });

  test("REDIS_CLUSTER_NODES reads host:port seeds and refuses anything else by name", () => {
    expect(parseEnv({}).REDIS_CLUSTER_NODES).toBeUndefined();
    expect(
      parseEnv({ REDIS_CLUSTER_NODES: "127.0.0.1:7000, redis-b:7001" }).REDIS_CLUSTER_NODES,
    ).toEqual([
      { host: "127.0.0.1", port: 7000 },
      { host: "redis-b", port: 7001 },
    ]);
    expect(parseEnv({ REDIS_CLUSTER_NODES: "[::1]:7000" }).REDIS_CLUSTER_NODES).toEqual([
      { host: "::1", port: 7000 },
    ]);
    for (const wrong of ["", "127.0.0.1", "a:99999", "redis://a:1"]) {
      expect(() => parseEnv({ REDIS_CLUSTER_NODES: wrong })).toThrow(/REDIS_CLUSTER_NODES/);
    }
  });

  test("TRUST_PROXY also takes proxy addresses and subnets, and names the ones that are not", () => {
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8,2001:db8::/32" }).TRUST_PROXY).toEqual({
      kind: "addresses",
      addresses: ["loopback", "10.0.0.0/8", "2001:db8::/32"],
    });
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/8, 10.0.0.300" })).toThrow(
      /TRUST_PROXY: .*not an address: 10\.0\.0\.300/,
    );
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
  });

  test("the judge queue settings are whole numbers with a short default wait", () => {
    const parsed = parseEnv({ JUDGE_MAX_QUEUE: "5" });
    expect(parsed.JUDGE_MAX_QUEUE).toBe(5);
    expect(parsed.JUDGE_MAX_WAIT_MS).toBe(3_000);
    expect(parseEnv({}).JUDGE_MAX_QUEUE).toBeUndefined();
    expect(() => parseEnv({ JUDGE_MAX_QUEUE: "-1" })).toThrow(/JUDGE_MAX_QUEUE/);
  });
});
