import { expect, test } from "vitest";
import { ManualClock } from "@/lib/limiters";
import { SessionIdentityCache } from "@/lib/protection/session-cache";

function counted(answer: string | null) {
  const calls = { n: 0 };
  return { calls, lookup: async () => (calls.n++, answer) };
}

test("the same cookie is looked up once while its identity is fresh", async () => {
  const clock = new ManualClock();
  const cache = new SessionIdentityCache(clock, 10_000);
  const { calls, lookup } = counted("learner-1");
  for (let i = 0; i < 100; i++)
    expect(await cache.identify("session_token=a", lookup)).toBe("learner-1");
  expect(calls.n).toBe(1);
  clock.advance(10_000);
  await cache.identify("session_token=a", lookup);
  expect(calls.n).toBe(2);
});

test("different cookies are different identities, and no session is remembered too", async () => {
  const cache = new SessionIdentityCache(new ManualClock());
  expect(await cache.identify("session_token=a", async () => "a")).toBe("a");
  expect(await cache.identify("session_token=b", async () => null)).toBe(null);
  expect(await cache.identify("session_token=b", async () => "b")).toBe(null);
});

test("a lookup that failed is not remembered", async () => {
  const cache = new SessionIdentityCache(new ManualClock());
  await expect(
    cache.identify("session_token=a", async () => {
      throw new Error("database down");
    }),
  ).rejects.toThrow("database down");
  expect(await cache.identify("session_token=a", async () => "a")).toBe("a");
});

test("the cache holds at most its cap, dropping the oldest", async () => {
  const cache = new SessionIdentityCache(new ManualClock(), 10_000, 2);
  const { calls, lookup } = counted("x");
  await cache.identify("1", lookup);
  await cache.identify("2", lookup);
  await cache.identify("3", lookup);
  await cache.identify("1", lookup);
  expect(calls.n).toBe(4);
});

test("requests that arrive together with one cookie share a single lookup", async () => {
  const cache = new SessionIdentityCache(new ManualClock());
  let release!: (learner: string) => void;
  let calls = 0;
  const lookup = () => {
    calls++;
    return new Promise<string | null>((resolve) => (release = resolve));
  };
  const together = Array.from({ length: 20 }, () => cache.identify("session_token=a", lookup));
  release("learner-1");
  expect(await Promise.all(together)).toEqual(Array(20).fill("learner-1"));
  expect(calls).toBe(1);
});
