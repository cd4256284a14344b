// The Redis side of the shared limits: each step one script, so it runs whole on the server and costs
// one round trip. A window starts with its first hit (SET NX with the expiry, then INCR, which keeps the
// expiry): the same fixed windows the process counts. A script's keys may lie in different hash slots:
// one Redis (or a primary with replicas), not Redis Cluster.

/** KEYS: the counters; ARGV: window ms each, then max each (-1: none), then the slow counter's index. */
export const START_TRY = `
local n = #KEYS
for i = 1, n do
  local max = tonumber(ARGV[n + i])
  if max >= 0 and (tonumber(redis.call('GET', KEYS[i])) or 0) >= max then return -1 end
end
local before = tonumber(redis.call('GET', KEYS[tonumber(ARGV[2 * n + 1])])) or 0
for i = 1, n do
  redis.call('SET', KEYS[i], 0, 'PX', ARGV[i], 'NX')
  redis.call('INCR', KEYS[i])
end
return before
`;

/** KEYS: the counters that start afresh, then those that give one back; ARGV: how many start afresh. */
export const END_TRY = `
local reset = tonumber(ARGV[1])
for i = 1, #KEYS do
  if i <= reset then
    redis.call('DEL', KEYS[i])
  elseif (tonumber(redis.call('GET', KEYS[i])) or 0) > 0 then
    redis.call('DECR', KEYS[i])
  end
end
return 0
`;

/**
 * KEYS: a counter, and optionally a second one counted only while the first is within its max;
 * ARGV: window ms and max of the first, window ms of the second. Answers the first's count and ms
 * left, and the second's count (0 when not counted).
 */
export const HIT = `
redis.call('SET', KEYS[1], 0, 'PX', ARGV[1], 'NX')
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
local second = 0
if KEYS[2] and count <= tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], 0, 'PX', ARGV[3], 'NX')
  second = redis.call('INCR', KEYS[2])
end
return {count, left, second}
`;
