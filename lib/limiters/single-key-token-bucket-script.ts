/**
 * The token bucket as the Lua script a candidate writes on a whiteboard: one key, a hash with two
 * fields, four arguments. Redis runs it as one step, so no other instance's command can land between
 * the read and the write. The site itself runs the packed, multi-key token-bucket-script.ts; this one
 * makes the same decisions and is the one to learn.
 *
 * KEYS[1] = the bucket    ARGV = capacity, tokens per second, now (ms), cost
 * Returns { 1 or 0 (admitted or refused), tokens left as a string }.
 */
export const SINGLE_KEY_TOKEN_BUCKET_SCRIPT = `
local capacity = tonumber(ARGV[1])
local perMs    = tonumber(ARGV[2]) / 1000
local now      = tonumber(ARGV[3])
local cost     = tonumber(ARGV[4])

-- A key that does not exist is a full bucket.
local saved  = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(saved[1]) or capacity
local ts     = tonumber(saved[2]) or now

-- Refill for the time that passed, never above capacity, never backwards.
if now > ts then
  tokens = math.min(capacity, tokens + (now - ts) * perMs)
  ts = now
end

local admitted = 0
if tokens >= cost then
  tokens = tokens - cost
  admitted = 1
end

redis.call('HSET', KEYS[1], 'tokens', tokens, 'ts', ts)
-- Idle for twice the time to refill from empty means full again: let the key go.
redis.call('PEXPIRE', KEYS[1], math.ceil(2 * capacity / perMs))
return { admitted, tostring(tokens) }
`;
