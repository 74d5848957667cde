import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { redisUrl, uniquePrefix } from "../fixtures/services";

// closeProtection ends what the protection opened: a CLI or a test that calls it must not be kept
// alive by a Redis connection, the judge guard's included (its standings are in Redis, 300).

beforeAll(() => {
  vi.stubEnv("REDIS_URL", redisUrl);
  vi.stubEnv("RATE_LIMIT_PREFIX", uniquePrefix("close-protection"));
  // The guard without worker pools of its own: a queue that is never used (nothing is judged).
  vi.stubEnv("JUDGE_QUEUE_URL", redisUrl);
  vi.resetModules();
});

afterAll(() => vi.unstubAllEnvs());

const sockets = () =>
  process.getActiveResourcesInfo().filter((name) => name === "TCPSocketWrap").length;

test("closeProtection closes every Redis connection of the protection, the judge guard's too", async () => {
  const before = sockets();
  const { protect, closeProtection } = await import("@/lib/protection/app-protection");
  const { judgeGuard } = await import("@/lib/protection/guarded-judge");
  const gate = await protect(
    new Request("http://localhost/api/x", {
      headers: { "x-tradeoff-socket-address": "192.0.2.9" },
    }),
    "read",
  );
  expect(gate.refusal).toBeNull();
  const judged = await judgeGuard().run({ learner: "ada", ip: "192.0.2.9" }, async () => ({
    verdict: "accepted",
  }));
  expect(judged.verdict).toBe("accepted");
  expect(sockets()).toBeGreaterThan(before);

  await closeProtection();
  for (let waited = 0; waited < 2_000 && sockets() > before; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(sockets()).toBe(before);
});
