import { createHash } from "node:crypto";
import type { Clock } from "@/lib/limiters";

/**
 * Who a cookie header's session belongs to, remembered for a few seconds. The gate asks for every
 * request to a limited endpoint, and the answer costs a database query: a client that fires
 * requests as fast as it is refused made the server spend its main thread on looking up the same
 * session hundreds of times a second, and every reader waited (the load benchmark's first second
 * with an abusive client, 087). The identity is used only to pick a rate-limit bucket; handlers
 * still check the session themselves, so a sign-out that takes `ttlMs` to reach the limiter changes
 * nothing but which bucket is charged. Twenty connections opened at once with one cookie are twenty
 * misses at once: they share the one lookup under way.
 */
export class SessionIdentityCache {
  private readonly entries = new Map<string, { learner: string | null; expiresAt: number }>();
  /** Lookups under way: requests that arrive together with the same cookie share one query. */
  private readonly inFlight = new Map<string, Promise<string | null>>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** The cached identity, or looks it up; a lookup that throws is not remembered. */
  async identify(cookie: string, lookup: () => Promise<string | null>): Promise<string | null> {
    // Hashed: the cache must not keep session tokens in memory any longer than the request did.
    const key = createHash("sha256").update(cookie).digest("base64url");
    const now = this.clock.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.learner;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const query = lookup();
    this.inFlight.set(key, query);
    let learner: string | null;
    try {
      learner = await query;
    } finally {
      this.inFlight.delete(key);
    }
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { learner, expiresAt: now + this.ttlMs });
    return learner;
  }
}
