import { Cluster, Redis } from "ioredis";

/**
 * The connection the rate-limit buckets use (decisions 221, 222): one Redis server, or a Redis
 * Cluster given its seed nodes. Both fail fast: the limiter's own timeout bounds every call and the
 * endpoint's failure policy decides, so the client never queues for long.
 *
 * No auto-pipelining: RedisBucketStore already sends a tick's decisions as one script call (one
 * per slot on a cluster), and measured, ioredis's extra batching on top costs more client time than
 * it saves (222).
 */
export type RedisConnection =
  | { url: string; clusterNodes?: undefined }
  | { clusterNodes: readonly { host: string; port: number }[]; url?: undefined };

export function createRedisClient(connection: RedisConnection): Redis | Cluster {
  const nodeOptions = {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
  };
  if (connection.url !== undefined) return new Redis(connection.url, nodeOptions);
  return new Cluster([...connection.clusterNodes], {
    redisOptions: nodeOptions,
    // Writes and reads go to the master of each slot: a replica's bucket may be behind.
    scaleReads: "master",
    // After a master fails, ask the cluster who serves its slots soon and often, so decisions
    // resume on the promoted replica within a second or two of the promotion.
    slotsRefreshInterval: 1_000,
    slotsRefreshTimeout: 1_000,
    // Redirections and failover retries end within about the limiter's timeout: a retry after it
    // would be applied for a request its policy has already answered (measured with ioredis's
    // 16 retries 100 ms apart: about 250 of 1,400 decisions during a failover, decision 221).
    maxRedirections: 3,
    retryDelayOnFailover: 50,
    retryDelayOnClusterDown: 100,
    retryDelayOnTryAgain: 100,
    clusterRetryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
}
