/**
 * The token bucket as one Redis Lua script. Redis runs a script atomically, so the read, the refill,
 * the decision and the write cannot interleave with another instance's.
 *
 * KEYS = the buckets    ARGV[1] = for each bucket, 40 bytes: capacity, perSecond, ttl (ms), now (ms)
 * and cost, little-endian doubles (packBucketArguments)
 * Returns, bucket after bucket, its new state: tokens, ts and the verdict (1 admitted, 0 refused)
 * packed in 17 bytes each.
 *
 * - Several decisions per call: the store sends every decision its callers asked for in the same
 *   tick as one EVALSHA (redis-store.ts). Each bucket is still read, refilled, decided and written
 *   as one step, in the order asked, and the whole call is atomic; what is shared is the cost of a
 *   command, which at this size is most of the cost.
 *   Redis Cluster refuses a script whose keys hash to different slots (CROSSSLOT): on a cluster the
 *   store gives each bucket its own {hash tag} and splits the batch by slot.
 *
 * - `now` comes from the caller, so tests drive time and the script is a pure function of its
 *   arguments. Reading the server's TIME here would also work (Redis 5+ replicates a script's
 *   writes, not the script) and would give every instance one clock. The price of caller time is
 *   that instances' clocks disagree: the next point stops a slow clock from taking tokens away,
 *   but a fast one still leaves the others without refill until real time catches up with it.
 * - The refill is computed in the same order as the in-process TokenBucket (per-ms rate first), so
 *   the same inputs give the same double, bit for bit.
 * - A caller whose clock is behind the last writer's gets no refill and does not move `ts` back:
 *   instances' clocks never agree exactly, and elapsed time must never be negative.
 * - The state is one string of packed little-endian values — tokens and ts as doubles, then the
 *   verdict as a byte — read with GET and written with SET PX: two commands where a hash needs
 *   three (HMGET, HSET, PEXPIRE), and no decimal formatting, which was most of the script's time
 *   and is exact by construction. The reply is that same string, one bulk string rather than an
 *   array: the caller reads the exact tokens and the verdict (decodeBucketReply), and Redis builds
 *   neither a table nor a second string.
 * - PX (twice the time to refill from empty, computed by the caller) is what keeps the key space
 *   from growing without bound as clients come and go; a key that expired was full anyway.
 * - Every bucket's numbers travel packed in one binary argument, as the state does:
 *   the client's work per argument (turning a number into text, RESP framing) was most of its cost
 *   per decision, and that client thread, not Redis, is what limited a busy instance. Redis reads
 *   five doubles with one struct.unpack where it parsed three arguments and a plan string.
 */
export const TOKEN_BUCKET_SCRIPT = `
local states = {}
for i = 1, #KEYS do
  local raw = redis.call('GET', KEYS[i])
  local capacity, rate, ttl, now, cost = struct.unpack('<d<d<d<d<d', ARGV[1], 40 * i - 39)

  local tokens, ts = capacity, now
  if raw and #raw >= 16 then tokens, ts = struct.unpack('<d<d', raw) end
  if now > ts then
    tokens = tokens + (now - ts) * (rate / 1000)
    if tokens > capacity then tokens = capacity end
    ts = now
  end

  local verdict = 0
  if tokens >= cost then
    tokens = tokens - cost
    verdict = 1
  end

  local state = struct.pack('<d<dB', tokens, ts, verdict)
  redis.call('SET', KEYS[i], state, 'PX', ttl)
  states[i] = state
end
if #KEYS == 1 then return states[1] end
return table.concat(states)
`;

/** Bytes of one bucket's arguments in the script's packed ARGV[1]. */
export const BUCKET_ARGUMENT_BYTES = 40;

/** A plan's part of a bucket's arguments (capacity, rate, TTL): 24 bytes, built once per plan. */
export function tokenBucketPlan(capacity: number, perSecond: number, ttlMs: number): Buffer {
  const plan = Buffer.alloc(24);
  plan.writeDoubleLE(capacity, 0);
  plan.writeDoubleLE(perSecond, 8);
  plan.writeDoubleLE(ttlMs, 16);
  return plan;
}

/** The script's ARGV[1] for buckets with these plans, clock readings (ms) and costs. */
export function packBucketArguments(
  entries: readonly { plan: Buffer; now: number; cost: number }[],
): Buffer {
  const packed = Buffer.allocUnsafe(entries.length * BUCKET_ARGUMENT_BYTES);
  let at = 0;
  for (const { plan, now, cost } of entries) {
    plan.copy(packed, at);
    packed.writeDoubleLE(now, at + 24);
    packed.writeDoubleLE(cost, at + 32);
    at += BUCKET_ARGUMENT_BYTES;
  }
  return packed;
}

/** The bucket state the script stores (and replies with): tokens and the last refill time. */
export function decodeBucketState(raw: Buffer): { tokens: number; ts: number } {
  return { tokens: raw.readDoubleLE(0), ts: raw.readDoubleLE(8) };
}

/** Bytes of one bucket's state in the script's reply. */
export const BUCKET_REPLY_BYTES = 17;

/** The script's reply for the `index`-th bucket: was the request admitted, and the tokens left. */
export function decodeBucketReply(reply: Buffer, index = 0): { allowed: boolean; tokens: number } {
  const at = index * BUCKET_REPLY_BYTES;
  return { allowed: reply[at + 16] === 1, tokens: reply.readDoubleLE(at) };
}
