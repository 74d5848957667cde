/**
 * The token bucket as one Redis Lua script. Redis runs a script atomically, so the read, the refill,
 * the decision and the write cannot interleave with another instance's.
 *
 * KEYS[1] = the bucket    ARGV = capacity, perSecond, now (ms), cost, ttl (ms)
 * Returns { 1 if allowed else 0, tokens left as a string }.
 *
 * - `now` comes from the caller: a script that read the clock would not be deterministic, and
 *   could not be replicated safely.
 * - The refill is computed in the same order as the in-process TokenBucket (per-ms rate first), so
 *   the same inputs give the same double, bit for bit.
 * - A caller whose clock is behind the last writer's gets no refill and does not move `ts` back:
 *   instances' clocks never agree exactly, and elapsed time must never be negative.
 * - Tokens are written with %.17g, which round-trips a double; Lua's own tostring keeps only 14
 *   digits. `ts` is written as the caller sent it, so it needs no conversion at all.
 * - PEXPIRE (twice the time to refill from empty, computed by the caller) is what keeps the key
 *   space from growing without bound as clients come and go; a key that expired was full anyway.
 */
export const TOKEN_BUCKET_SCRIPT = `
local state    = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local capacity = tonumber(ARGV[1])
local rate     = tonumber(ARGV[2])
local now      = tonumber(ARGV[3])
local cost     = tonumber(ARGV[4])

local tokens = tonumber(state[1]) or capacity
local ts     = tonumber(state[2]) or now
local latest = ARGV[3]
if now > ts then
  tokens = math.min(capacity, tokens + (now - ts) * (rate / 1000))
elseif state[2] then
  latest = state[2]
end

local allowed = tokens >= cost
if allowed then tokens = tokens - cost end

local left = string.format('%.17g', tokens)
redis.call('HSET', KEYS[1], 'tokens', left, 'ts', latest)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return { allowed and 1 or 0, left }
`;
