import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import type { Decision } from "./decision";
import { bucketDecision } from "./keyed-token-bucket";
import { type BucketRequest, type BucketStore, bucketTtlMs } from "./store";
import { TOKEN_BUCKET_SCRIPT } from "./token-bucket-script";

const SCRIPT_SHA = createHash("sha1").update(TOKEN_BUCKET_SCRIPT).digest("hex");

/**
 * Token buckets shared by every instance, in Redis. One round trip per decision: EVALSHA sends only
 * the script's hash; the full script travels once, when Redis answers NOSCRIPT (after a restart, a
 * failover or SCRIPT FLUSH). The connection is the caller's, so its URL and options live in config.
 */
export class RedisBucketStore implements BucketStore {
  constructor(
    private readonly redis: Redis,
    /** Prepended to every key, so tenants, environments and test runs never collide. */
    private readonly prefix = "ratelimit:",
  ) {}

  async take(key: string, request: BucketRequest): Promise<Decision> {
    const { capacity, perSecond, cost, now } = request;
    const ttl = bucketTtlMs(capacity, perSecond);
    const args = [this.prefix + key, capacity, perSecond, now, cost, ttl];
    let reply: unknown;
    try {
      reply = await this.redis.evalsha(SCRIPT_SHA, 1, ...args);
    } catch (error) {
      if (!String(error).includes("NOSCRIPT")) throw error;
      reply = await this.redis.eval(TOKEN_BUCKET_SCRIPT, 1, ...args);
    }
    const [allowed, tokens] = reply as [number, string];
    return bucketDecision(allowed === 1, Number(tokens), capacity, perSecond, cost);
  }
}
