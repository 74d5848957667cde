import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import type { Decision } from "./decision";
import { bucketDecision } from "./keyed-token-bucket";
import { type BucketRequest, type BucketStore, bucketTtlMs } from "./store";
import { TOKEN_BUCKET_SCRIPT, tokenBucketScriptArgs } from "./token-bucket-script";

const SCRIPT_SHA = createHash("sha1").update(TOKEN_BUCKET_SCRIPT).digest("hex");

type ScriptArgs = (string | number)[];

/**
 * ioredis has a Buffer-replying variant of every command, but its typings omit EVAL's and EVALSHA's.
 * (`callBuffer` is no substitute: with a client's keyPrefix it sends the SHA as the command name.)
 */
interface BufferScripts {
  evalshaBuffer(sha: string, numKeys: 1, ...args: ScriptArgs): Promise<unknown>;
  evalBuffer(script: string, numKeys: 1, ...args: ScriptArgs): Promise<unknown>;
  del(key: string): Promise<number>;
}

/**
 * Token buckets shared by every instance, in Redis. One round trip per decision: EVALSHA sends only
 * the script's hash; the full script travels once, when Redis answers NOSCRIPT (after a restart, a
 * failover or SCRIPT FLUSH). The connection is the caller's, so its URL and options live in config.
 */
export class RedisBucketStore implements BucketStore {
  private readonly scripts: BufferScripts;

  constructor(
    redis: Redis,
    /** Prepended to every key, so tenants, environments and test runs never collide. */
    private readonly prefix = "ratelimit:",
  ) {
    this.scripts = redis as unknown as BufferScripts;
  }

  // Not async, and no await: at tens of thousands of decisions a second the client's CPU is half
  // the cost, and the common path should allocate one promise, not three.
  take(key: string, request: BucketRequest): Promise<Decision> {
    const { capacity, perSecond, cost, now } = request;
    const ttl = bucketTtlMs(capacity, perSecond);
    const args = [this.prefix + key, ...tokenBucketScriptArgs(capacity, perSecond, ttl, now, cost)];
    const decide = (reply: unknown) => {
      const [allowed, state] = reply as [number, Buffer];
      return bucketDecision(allowed === 1, state.readDoubleLE(0), capacity, perSecond, cost);
    };
    return this.scripts
      .evalshaBuffer(SCRIPT_SHA, 1, ...args)
      .then(decide, (error: unknown) => this.recover(error, args).then(decide));
  }

  private async recover(error: unknown, args: ScriptArgs): Promise<unknown> {
    const message = String(error);
    // A key of another type (a bucket an older version kept as a hash) is stale state: start over.
    if (message.includes("WRONGTYPE")) await this.scripts.del(String(args[0]));
    else if (!message.includes("NOSCRIPT")) throw error;
    return this.scripts.evalBuffer(TOKEN_BUCKET_SCRIPT, 1, ...args);
  }
}
