import type { Cluster, Redis } from "ioredis";
import { env } from "@/lib/env";
import { createRedisClient } from "./redis-client";

const held = globalThis as typeof globalThis & { __tradeoffProtectionRedis?: Redis | Cluster };

/**
 * The process's one connection for the protection (REDIS_URL, or REDIS_CLUSTER_NODES; undefined:
 * neither, everything in memory): the buckets and failed sign-ins (app-protection.ts) and the judge
 * guard's standings (guarded-judge.ts) share it, so that closing it leaves nothing open.
 */
export function protectionRedis(): Redis | Cluster | undefined {
  if (!held.__tradeoffProtectionRedis) {
    if (env.REDIS_CLUSTER_NODES) {
      held.__tradeoffProtectionRedis = createRedisClient({ clusterNodes: env.REDIS_CLUSTER_NODES });
    } else if (env.REDIS_URL) {
      held.__tradeoffProtectionRedis = createRedisClient({ url: env.REDIS_URL });
    }
  }
  return held.__tradeoffProtectionRedis;
}

/** Closes it (CLI scripts and tests); the next use opens a new one. */
export function closeProtectionRedis(): void {
  held.__tradeoffProtectionRedis?.disconnect();
  delete held.__tradeoffProtectionRedis;
}
